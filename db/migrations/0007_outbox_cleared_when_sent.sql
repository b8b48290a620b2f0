ALTER TABLE "email_outbox" ALTER COLUMN "subject" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "body" DROP NOT NULL;--> statement-breakpoint
-- What was already sent keeps no copy either.
UPDATE "email_outbox" SET "subject" = NULL, "body" = NULL, "reply_to" = NULL WHERE "sent_at" IS NOT NULL;
