-- Each row's words, so that a change moves the counts in search_words by its own rows (app/search/index.server.ts).
-- Rows kept before this are rewritten at the next start: their fingerprints are of an older form.
ALTER TABLE "search_documents" ADD COLUMN "words" text[] DEFAULT '{}'::text[] NOT NULL;
