-- drizzle-kit wrote the key before the column, and the column NOT NULL on a table that may have rows.
ALTER TABLE "image_variants" ADD COLUMN "kind" text;--> statement-breakpoint
-- A variant kept before this knew its kind only by its frame: each kind's shape is its own
-- (app/lib/image-kinds.json: slide 16:9, portrait 4:5, logo 2:1, social 1200 × 630, hero 5:2 rounded).
UPDATE "image_variants" v SET "kind" = CASE
  WHEN v."height" * 16 = v."width" * 9 THEN 'slide'
  WHEN v."height" * 4 = v."width" * 5 THEN 'portrait'
  WHEN v."height" * 2 = v."width" THEN 'logo'
  WHEN v."height" * 40 = v."width" * 21 THEN 'social'
  WHEN abs(v."height" * 5 - v."width" * 2) <= 5 THEN 'hero'
  ELSE (SELECT i."kind" FROM "images" i WHERE i."id" = v."image_id")
END;--> statement-breakpoint
ALTER TABLE "image_variants" ALTER COLUMN "kind" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "image_variants" DROP CONSTRAINT "image_variants_image_id_focus_format_width_pk";--> statement-breakpoint
ALTER TABLE "image_variants" ADD CONSTRAINT "image_variants_image_id_kind_focus_format_width_pk" PRIMARY KEY("image_id","kind","focus","format","width");--> statement-breakpoint
CREATE INDEX "image_variants_file_idx" ON "image_variants" USING btree ("file_hash");
