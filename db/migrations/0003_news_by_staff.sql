CREATE TABLE "news_seeded" (
	"id" text PRIMARY KEY NOT NULL,
	"seeded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "news_item_communities" ADD COLUMN "pinned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "news_items" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "news_items" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "news_item_communities" DROP COLUMN "position";--> statement-breakpoint
-- Items already in the database came from the seed: mark them, so the seed never brings back one staff delete.
INSERT INTO "news_seeded" ("id") SELECT "id" FROM "news_items" ON CONFLICT DO NOTHING;
