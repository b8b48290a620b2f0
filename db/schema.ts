import { sql } from "drizzle-orm";
import { boolean, date, index, integer, pgTable, primaryKey, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";

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

/**
 * Columns every submission table has, before and after the form's own fields. The form's fields carry
 * the names of app/forms/definitions.ts (SPEC §3's payload names), so a validated submission is a row.
 */
const submissionColumns = {
  head: () => ({ id: uuid("id").primaryKey().defaultRandom() }),
  person: () => ({
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull().default(""),
    organization: text("organization").notNull().default(""),
    country: text("country").notNull().default(""),
    community: text("community").notNull().default(""),
  }),
  handling: () => ({
    agree_to_terms: boolean("agree_to_terms").notNull(),
    status: text("status").notNull().default("new"),
    spam: boolean("spam").notNull().default(false),
    /** Keyed hash of the sender's address, for abuse control; never the address itself. */
    clientHash: text("client_hash"),
    /** Sent with the form; a repeated submission (double click, resend) finds the first row. */
    idempotencyKey: text("idempotency_key").unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  }),
};

/** One row per accepted contact form submission (SPEC §3), values trimmed. */
export const contactSubmissions = pgTable(
  "contact_submissions",
  {
    ...submissionColumns.head(),
    ...submissionColumns.person(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    ...submissionColumns.handling(),
  },
  (t) => [index("contact_submissions_created_idx").on(t.createdAt)],
);

/** One row per accepted volunteer (join) form submission. Interests can reveal beliefs: sensitive. */
export const joinSubmissions = pgTable(
  "join_submissions",
  {
    ...submissionColumns.head(),
    ...submissionColumns.person(),
    social_media: text("social_media").notNull().default(""),
    interests: text("interests").array().notNull(),
    other_description: text("other_description").notNull().default(""),
    message: text("message").notNull().default(""),
    ...submissionColumns.handling(),
  },
  (t) => [index("join_submissions_created_idx").on(t.createdAt)],
);

/** The table each form (app/forms/definitions.ts) is stored in, by its name. */
export const submissionTables = { contact_submissions: contactSubmissions, join_submissions: joinSubmissions } as const;

/**
 * Notification email waiting to be sent: written in the same transaction as the submission, sent by
 * the outbox worker with retries, so an SMTP outage delays mail and loses none.
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    submissionId: uuid("submission_id").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    replyTo: text("reply_to"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("email_outbox_pending_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null`),
  ],
);
