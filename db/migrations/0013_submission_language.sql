ALTER TABLE "contact_submissions" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "join_submissions" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;