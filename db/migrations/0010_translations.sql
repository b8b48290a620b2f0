CREATE TABLE "content_translations" (
	"path" text NOT NULL,
	"language" text NOT NULL,
	"from_revision" integer NOT NULL,
	"translated_by" text,
	"translated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_source" text,
	"published_revision" integer,
	"published_from_revision" integer,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "content_translations_path_language_pk" PRIMARY KEY("path","language")
);
--> statement-breakpoint
ALTER TABLE "content_revisions" ADD COLUMN "minor" boolean DEFAULT false NOT NULL;