CREATE TABLE "content_documents" (
	"path" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"source" text NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "content_documents_path_language_pk" PRIMARY KEY("path","language")
);
--> statement-breakpoint
CREATE TABLE "content_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"language" text NOT NULL,
	"revision" integer NOT NULL,
	"source" text,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"saved_by" text
);
--> statement-breakpoint
CREATE TABLE "content_seeded" (
	"path" text NOT NULL,
	"language" text NOT NULL,
	"seeded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_seeded_path_language_pk" PRIMARY KEY("path","language")
);
--> statement-breakpoint
CREATE INDEX "content_revisions_document_idx" ON "content_revisions" USING btree ("path","language","revision");