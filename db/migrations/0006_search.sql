-- Site search (issue 22). unaccent and pg_trgm are trusted extensions: a database owner may create them.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- English with diacritics ignored: Êzîdî, Bahá'í and Ezidi, Baha'i are the same words to the index and the query.
CREATE TEXT SEARCH CONFIGURATION "site_english" (COPY = pg_catalog.english);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION "site_english" ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;--> statement-breakpoint
CREATE TABLE "search_documents" (
	"key" text NOT NULL,
	"language" text NOT NULL,
	"kind" text NOT NULL,
	"href" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"body" text NOT NULL,
	"communities" text[] NOT NULL,
	"published_date" date,
	"fingerprint" text NOT NULL,
	"document" "tsvector" NOT NULL,
	CONSTRAINT "search_documents_key_language_pk" PRIMARY KEY("key","language")
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"language" text NOT NULL,
	"word" text NOT NULL,
	"documents" integer NOT NULL,
	CONSTRAINT "search_words_language_word_pk" PRIMARY KEY("language","word")
);
--> statement-breakpoint
CREATE INDEX "search_documents_document_idx" ON "search_documents" USING gin ("document");--> statement-breakpoint
CREATE INDEX "search_words_trigram_idx" ON "search_words" USING gin ("word" gin_trgm_ops);