CREATE TABLE "inbox_key_grants" (
	"key_id" text NOT NULL,
	"holder" text NOT NULL,
	"user_id" text,
	"sealed_private_key" "bytea" NOT NULL,
	"granted_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_key_grants_key_id_holder_pk" PRIMARY KEY("key_id","holder")
);
--> statement-breakpoint
CREATE TABLE "inbox_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"public_key" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "inbox_unlocks" (
	"session_id" text PRIMARY KEY NOT NULL,
	"sealed_keys" "bytea" NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_keys" (
	"user_id" text PRIMARY KEY NOT NULL,
	"public_key" "bytea" NOT NULL,
	"salt" "bytea" NOT NULL,
	"ops_limit" integer NOT NULL,
	"mem_limit" integer NOT NULL,
	"wrapped_private_key" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "contact_submissions_email_idx";--> statement-breakpoint
DROP INDEX "join_submissions_email_idx";--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "format" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "key_id" text;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "sealed_key" "bytea";--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "sealed" "bytea";--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "email_index" text;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "phone_index" text;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "index_key_id" text;--> statement-breakpoint
ALTER TABLE "join_submissions" ADD COLUMN "format" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "join_submissions" ADD COLUMN "key_id" text;--> statement-breakpoint
ALTER TABLE "join_submissions" ADD COLUMN "sealed_key" "bytea";--> statement-breakpoint
ALTER TABLE "join_submissions" ADD COLUMN "sealed" "bytea";--> statement-breakpoint
ALTER TABLE "join_submissions" ADD COLUMN "email_index" text;--> statement-breakpoint
ALTER TABLE "join_submissions" ADD COLUMN "phone_index" text;--> statement-breakpoint
ALTER TABLE "join_submissions" ADD COLUMN "index_key_id" text;--> statement-breakpoint
ALTER TABLE "inbox_key_grants" ADD CONSTRAINT "inbox_key_grants_key_id_inbox_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."inbox_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_key_grants" ADD CONSTRAINT "inbox_key_grants_user_id_staff_keys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."staff_keys"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_unlocks" ADD CONSTRAINT "inbox_unlocks_session_id_staff_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."staff_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_keys" ADD CONSTRAINT "staff_keys_user_id_staff_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_submissions_email_index_idx" ON "contact_submissions" USING btree ("email_index");--> statement-breakpoint
CREATE INDEX "contact_submissions_phone_index_idx" ON "contact_submissions" USING btree ("phone_index");--> statement-breakpoint
CREATE INDEX "join_submissions_email_index_idx" ON "join_submissions" USING btree ("email_index");--> statement-breakpoint
CREATE INDEX "join_submissions_phone_index_idx" ON "join_submissions" USING btree ("phone_index");--> statement-breakpoint
-- Sealing (issue 35): an empty table takes its final shape now; a table with rows keeps its clear columns, no longer
-- required, until `npm run inbox:seal` seals every row and drops them (app/staff/seal-existing.server.ts).
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM "contact_submissions") THEN
    ALTER TABLE "contact_submissions" DROP COLUMN "name", DROP COLUMN "email", DROP COLUMN "phone", DROP COLUMN "organization", DROP COLUMN "country", DROP COLUMN "community", DROP COLUMN "subject", DROP COLUMN "message", DROP COLUMN "agree_to_terms", DROP COLUMN "language", DROP COLUMN "note";
  ELSE
    ALTER TABLE "contact_submissions" ALTER COLUMN "name" DROP NOT NULL, ALTER COLUMN "email" DROP NOT NULL, ALTER COLUMN "phone" DROP NOT NULL, ALTER COLUMN "organization" DROP NOT NULL, ALTER COLUMN "country" DROP NOT NULL, ALTER COLUMN "community" DROP NOT NULL, ALTER COLUMN "subject" DROP NOT NULL, ALTER COLUMN "message" DROP NOT NULL, ALTER COLUMN "agree_to_terms" DROP NOT NULL, ALTER COLUMN "language" DROP NOT NULL, ALTER COLUMN "note" DROP NOT NULL;
  END IF;
END $$;--> statement-breakpoint
-- Sealing (issue 35): an empty table takes its final shape now; a table with rows keeps its clear columns, no longer
-- required, until `npm run inbox:seal` seals every row and drops them (app/staff/seal-existing.server.ts).
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM "join_submissions") THEN
    ALTER TABLE "join_submissions" DROP COLUMN "name", DROP COLUMN "email", DROP COLUMN "phone", DROP COLUMN "organization", DROP COLUMN "country", DROP COLUMN "community", DROP COLUMN "social_media", DROP COLUMN "interests", DROP COLUMN "other_description", DROP COLUMN "message", DROP COLUMN "agree_to_terms", DROP COLUMN "language", DROP COLUMN "note";
  ELSE
    ALTER TABLE "join_submissions" ALTER COLUMN "name" DROP NOT NULL, ALTER COLUMN "email" DROP NOT NULL, ALTER COLUMN "phone" DROP NOT NULL, ALTER COLUMN "organization" DROP NOT NULL, ALTER COLUMN "country" DROP NOT NULL, ALTER COLUMN "community" DROP NOT NULL, ALTER COLUMN "social_media" DROP NOT NULL, ALTER COLUMN "interests" DROP NOT NULL, ALTER COLUMN "other_description" DROP NOT NULL, ALTER COLUMN "message" DROP NOT NULL, ALTER COLUMN "agree_to_terms" DROP NOT NULL, ALTER COLUMN "language" DROP NOT NULL, ALTER COLUMN "note" DROP NOT NULL;
  END IF;
END $$;
