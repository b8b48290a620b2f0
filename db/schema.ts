import { date, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/** News items shown on community pages; one item can belong to several communities. */
export const newsItems = pgTable("news_items", {
  id: text("id").primaryKey(),
  title: text("title").notNull(),
  excerpt: text("excerpt").notNull(),
  imageUrl: text("image_url"),
  source: text("source").notNull(),
  publishedDate: date("published_date").notNull(),
  originalUrl: text("original_url").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const newsItemCommunities = pgTable(
  "news_item_communities",
  {
    newsItemId: text("news_item_id")
      .notNull()
      .references(() => newsItems.id, { onDelete: "cascade" }),
    communitySlug: text("community_slug").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.newsItemId, t.communitySlug] }), index("news_item_communities_slug_idx").on(t.communitySlug)],
);
