-- Site search in every language (issue 34). French and Kurmanji ignore diacritics as English does: "chretiens"
-- finds chrétiens, "ezidi" finds Êzîdî. Arabic uses PostgreSQL's own `arabic`; Persian and Sorani `simple`:
-- each after its own normalisation of letters and digits (app/search/normalize.ts).
CREATE TEXT SEARCH CONFIGURATION "site_french" (COPY = pg_catalog.french);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION "site_french" ALTER MAPPING FOR hword, hword_part, word WITH unaccent, french_stem;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION "site_kurmanji" (COPY = pg_catalog.simple);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION "site_kurmanji" ALTER MAPPING FOR hword, hword_part, word WITH unaccent, simple;
