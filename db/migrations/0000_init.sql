CREATE TABLE "news_item_communities" (
	"news_item_id" text NOT NULL,
	"community_slug" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "news_item_communities_news_item_id_community_slug_pk" PRIMARY KEY("news_item_id","community_slug")
);
--> statement-breakpoint
CREATE TABLE "news_items" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"excerpt" text NOT NULL,
	"image_url" text,
	"source" text NOT NULL,
	"published_date" date NOT NULL,
	"original_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "news_item_communities" ADD CONSTRAINT "news_item_communities_news_item_id_news_items_id_fk" FOREIGN KEY ("news_item_id") REFERENCES "public"."news_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "news_item_communities_slug_idx" ON "news_item_communities" USING btree ("community_slug");