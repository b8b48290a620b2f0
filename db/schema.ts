import { sql } from "drizzle-orm";
import {
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";

/** News items shown on community pages; one item can belong to several communities. Kept by staff at /admin/news. */
export const newsItems = pgTable("news_items", {
  id: text("id").primaryKey(),
  title: text("title").notNull(),
  excerpt: text("excerpt").notNull(),
  imageUrl: text("image_url"),
  source: text("source").notNull(),
  publishedDate: date("published_date").notNull(),
  originalUrl: text("original_url").notNull(),
  /** draft or published (app/news/news.ts); visitors see published items only. */
  status: text("status").notNull().default("published"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const newsItemCommunities = pgTable(
  "news_item_communities",
  {
    newsItemId: text("news_item_id")
      .notNull()
      .references(() => newsItems.id, { onDelete: "cascade" }),
    communitySlug: text("community_slug").notNull(),
    /** Set when staff pin the item to the top of this community's list; the latest pin comes first. */
    pinnedAt: timestamp("pinned_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.newsItemId, t.communitySlug] }), index("news_item_communities_slug_idx").on(t.communitySlug)],
);

/**
 * Every id app/content/news.yaml has ever seeded. The seed adds only ids not here, so what staff edit or
 * delete stays edited or deleted across restarts and deploys.
 */
export const newsSeeded = pgTable("news_seeded", {
  id: text("id").primaryKey(),
  seededAt: timestamp("seeded_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every content file but the news (site settings, pages, communities, articles, people, partners) as staff
 * keep it, in the file's own format: YAML front matter and Markdown, or YAML. app/content/ holds the first
 * edition; `npm run content:export` writes these back out as the same files. One row per path and language.
 */
export const contentDocuments = pgTable(
  "content_documents",
  {
    path: text("path").notNull(),
    language: text("language").notNull().default("en"),
    source: text("source").notNull(),
    /** Counts the saves; a save names the revision it started from, so a concurrent one is refused. */
    revision: integer("revision").notNull().default(1),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** The staff member who saved it last; null for the first edition. */
    updatedBy: text("updated_by"),
  },
  (t) => [primaryKey({ columns: [t.path, t.language] })],
);

/** Every saved state of every document, the first edition included; `source` is null where it was deleted. */
export const contentRevisions = pgTable(
  "content_revisions",
  {
    id: serial("id").primaryKey(),
    path: text("path").notNull(),
    language: text("language").notNull(),
    revision: integer("revision").notNull(),
    source: text("source"),
    savedAt: timestamp("saved_at", { withTimezone: true }).notNull().defaultNow(),
    savedBy: text("saved_by"),
    /** An English save its editor marked minor: the translations made before it stay current (issue 34). */
    minor: boolean("minor").notNull().default(false),
  },
  (t) => [index("content_revisions_document_idx").on(t.path, t.language, t.revision)],
);

/**
 * The state of each translation of a document (issue 34). Its text is a document of its own, in its language
 * (content_documents, with its history in content_revisions): only the fields that are words, as JSON
 * (app/content/translations.server.ts). Here: which English revision it was made from, and which of its
 * revisions visitors read, published by whom and when.
 */
export const contentTranslations = pgTable(
  "content_translations",
  {
    path: text("path").notNull(),
    language: text("language").notNull(),
    /** The English revision its latest text matches: set when it is begun, and when its translator confirms it. */
    fromRevision: integer("from_revision").notNull(),
    translatedBy: text("translated_by"),
    translatedAt: timestamp("translated_at", { withTimezone: true }).notNull().defaultNow(),
    /** What visitors read: a copy of the revision published, so a later draft does not reach them. Null: unpublished. */
    publishedSource: text("published_source"),
    publishedRevision: integer("published_revision"),
    /** The English revision the published text matches. */
    publishedFromRevision: integer("published_from_revision"),
    /** Who reviewed and published it, and when. */
    reviewedBy: text("reviewed_by"),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.path, t.language] })],
);

/**
 * Every content file the first edition has ever seeded, as news_seeded is for news: a seed adds only what is
 * not here, so staff's changes and deletions stay across restarts and deploys.
 */
export const contentSeeded = pgTable(
  "content_seeded",
  {
    path: text("path").notNull(),
    language: text("language").notNull(),
    seededAt: timestamp("seeded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.path, t.language] })],
);

/**
 * Staff's corrections of the interface text (issue 34): one string of one language, in ICU MessageFormat,
 * shown instead of the shipped catalog's (app/i18n/messages/<code>.json). Resetting a string deletes its row.
 */
export const interfaceCorrections = pgTable(
  "interface_corrections",
  {
    language: text("language").notNull(),
    /** The catalog's key, such as "nav.home". */
    key: text("key").notNull(),
    message: text("message").notNull(),
    savedAt: timestamp("saved_at", { withTimezone: true }).notNull().defaultNow(),
    /** The staff account that saved it. */
    savedBy: text("saved_by"),
  },
  (t) => [primaryKey({ columns: [t.language, t.key] })],
);

/** A language whose interface text a native speaker has reviewed; no row: awaiting review. */
export const interfaceReviews = pgTable("interface_reviews", {
  language: text("language").primaryKey(),
  reviewedAt: timestamp("reviewed_at", { withTimezone: true }).notNull().defaultNow(),
  reviewedBy: text("reviewed_by"),
  /**
   * The strings the review covered: each key's fingerprint of its shipped English and this language's shipped
   * text when it was reviewed (app/i18n/interface-corrections.server.ts, `fingerprintsOf`). Null on a review
   * recorded before there was this column (migration 0016), filled in at its first read.
   */
  strings: jsonb("strings").$type<Record<string, string>>(),
});

/** Binary columns, read as Buffers on both databases (pg gives Buffers, PGlite Uint8Arrays). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Every submission table has the same columns (issue 35, decision 014): what a visitor sent, with the language
 * they wrote in and staff's note, is sealed in one ciphertext; what the inbox sorts and filters on while locked
 * stays clear. The form's fields are described in app/forms/definitions.ts, the sealing in app/lib/sealing.server.ts.
 */
const submissionColumns = () => ({
  /** Made before the row is written: the ciphertext is bound to it. */
  id: uuid("id").primaryKey().defaultRandom(),
  /** new, in_progress or done (app/staff/inbox.ts). */
  status: text("status").notNull().default("new"),
  spam: boolean("spam").notNull().default(false),
  /** When the item was last marked done or spam: retention counts from here. */
  handledAt: timestamp("handled_at", { withTimezone: true }),
  /** Keyed hash of the sender's address, for abuse control; never the address itself. */
  clientHash: text("client_hash"),
  /** Sent with the form; a repeated submission (double click, resend) finds the first row. */
  idempotencyKey: text("idempotency_key").unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  /** 1: sealed (app/lib/sealing.server.ts). 0: written before sealing, waiting for `npm run inbox:seal`. */
  format: smallint("format").notNull().default(0),
  /** The inbox key (inbox_keys) the data key is sealed to. */
  keyId: text("key_id"),
  /** The row's own data key, sealed to that inbox key's public key. */
  sealedKey: bytea("sealed_key"),
  /** Every field the visitor sent, their language and staff's note: padded, encrypted with the data key. */
  sealed: bytea("sealed"),
  /** Keyed hashes of the email and phone for data requests; the key comes from the inbox key (`indexKeyId`). */
  emailIndex: text("email_index"),
  phoneIndex: text("phone_index"),
  indexKeyId: text("index_key_id"),
});

const submissionIndexes = (
  name: string,
  t: { createdAt: AnyPgColumn; emailIndex: AnyPgColumn; phoneIndex: AnyPgColumn; spam: AnyPgColumn; status: AnyPgColumn },
) => [
  index(`${name}_created_idx`).on(t.createdAt),
  // The inbox's folder and status, newest first: its pages and counts read only this while the contents are sealed.
  index(`${name}_folder_idx`).on(t.spam, t.status, t.createdAt),
  index(`${name}_email_index_idx`).on(t.emailIndex),
  index(`${name}_phone_index_idx`).on(t.phoneIndex),
];

/** One row per accepted contact form submission. */
export const contactSubmissions = pgTable("contact_submissions", submissionColumns(), (t) => submissionIndexes("contact_submissions", t));

/** One row per accepted volunteer (join) form submission. Interests can reveal beliefs: sensitive. */
export const joinSubmissions = pgTable("join_submissions", submissionColumns(), (t) => submissionIndexes("join_submissions", t));

/**
 * The organisation's inbox key pairs. Only the public key is here; the private key exists only sealed, in
 * inbox_key_grants. The newest key not retired is the one new submissions are sealed to.
 */
export const inboxKeys = pgTable("inbox_keys", {
  id: text("id").primaryKey(),
  publicKey: bytea("public_key").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  /** Set once every row is sealed to a newer key and this key's private part is destroyed. */
  retiredAt: timestamp("retired_at", { withTimezone: true }),
});

/**
 * A staff member's own key pair. The private key is stored only encrypted under a key derived from their
 * password with Argon2id (the password slot); a reset deletes the row, and with it every grant to them.
 */
export const staffKeys = pgTable("staff_keys", {
  userId: text("user_id")
    .primaryKey()
    .references(() => staffUsers.id, { onDelete: "cascade" }),
  publicKey: bytea("public_key").notNull(),
  salt: bytea("salt").notNull(),
  opsLimit: integer("ops_limit").notNull(),
  memLimit: integer("mem_limit").notNull(),
  wrappedPrivateKey: bytea("wrapped_private_key").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Who holds an inbox key's private part: a staff member (sealed to their own public key) or one of the two
 * recovery keys kept offline (encrypted under a key derived from it).
 */
export const inboxKeyGrants = pgTable(
  "inbox_key_grants",
  {
    keyId: text("key_id")
      .notNull()
      .references(() => inboxKeys.id, { onDelete: "cascade" }),
    /** `user:<id>` or `recovery:1`, `recovery:2`. */
    holder: text("holder").notNull(),
    userId: text("user_id").references(() => staffKeys.userId, { onDelete: "cascade" }),
    sealedPrivateKey: bytea("sealed_private_key").notNull(),
    grantedBy: text("granted_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.holder] })],
);

/**
 * An unlocked session's inbox keys, encrypted under a key that only that session's unlock cookie holds: any
 * instance can use it, none can read it alone, and it goes with the session.
 */
export const inboxUnlocks = pgTable("inbox_unlocks", {
  sessionId: text("session_id")
    .primaryKey()
    .references(() => staffSessions.id, { onDelete: "cascade" }),
  sealedKeys: bytea("sealed_keys").notNull(),
  lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The table each form (app/forms/definitions.ts) is stored in, by its name. */
export const submissionTables = { contact_submissions: contactSubmissions, join_submissions: joinSubmissions } as const;

/**
 * Notification email waiting to be sent: written in the same transaction as the submission, sent by
 * the outbox worker with retries, so an SMTP outage delays mail and loses none. Once sent, its subject,
 * body and reply-to are cleared: the row keeps only what operations need (kind, submission, times, attempts).
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    submissionId: uuid("submission_id").notNull(),
    /** Null once sent. */
    subject: text("subject"),
    /** Null once sent. */
    body: text("body"),
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

/*
 * Staff accounts: the tables of better-auth (user, session, account, verification) and of its two-factor,
 * passkey and admin plugins, under staff_* names. The TypeScript keys are the library's field names.
 */
const authTimestamps = () => ({
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const staffUsers = pgTable("staff_users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  /** admin or staff. */
  role: text("role"),
  /** A disabled account (the admin plugin's "ban"): it cannot sign in and its sessions are gone. */
  banned: boolean("banned").default(false),
  banReason: text("ban_reason"),
  banExpires: timestamp("ban_expires", { withTimezone: true }),
  twoFactorEnabled: boolean("two_factor_enabled").default(false),
  ...authTimestamps(),
});

export const staffSessions = pgTable(
  "staff_sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    /** Always empty: IP tracking is off, no raw address is stored. */
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    impersonatedBy: text("impersonated_by"),
    ...authTimestamps(),
  },
  (t) => [index("staff_sessions_user_idx").on(t.userId)],
);

export const staffAccounts = pgTable(
  "staff_accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    ...authTimestamps(),
  },
  (t) => [index("staff_accounts_user_idx").on(t.userId)],
);

export const staffVerifications = pgTable(
  "staff_verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...authTimestamps(),
  },
  (t) => [index("staff_verifications_identifier_idx").on(t.identifier)],
);

export const staffTwoFactors = pgTable(
  "staff_two_factors",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [index("staff_two_factors_user_idx").on(t.userId)],
);

export const staffPasskeys = pgTable(
  "staff_passkeys",
  {
    id: text("id").primaryKey(),
    name: text("name"),
    publicKey: text("public_key").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    credentialID: text("credential_id").notNull(),
    counter: integer("counter").notNull(),
    deviceType: text("device_type").notNull(),
    backedUp: boolean("backed_up").notNull(),
    transports: text("transports"),
    createdAt: timestamp("created_at", { withTimezone: true }),
    aaguid: text("aaguid"),
  },
  (t) => [index("staff_passkeys_user_idx").on(t.userId), index("staff_passkeys_credential_idx").on(t.credentialID)],
);

/** One-time setup links (npm run staff -- add/reset, or an admin's invite): only a hash of the token is kept. */
export const staffSetupTokens = pgTable("staff_setup_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => staffUsers.id, { onDelete: "cascade" }),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Who did what and when in the staff area. Never a submission's content, and never a visitor's email
 * address in clear (a data request is recorded by a keyed hash of the address).
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** The staff account, or null for the system (retention) and unknown sign-in attempts. */
    actorId: text("actor_id"),
    /** The account's email when the entry was written: entries outlive removed accounts. */
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    /** What it was done to: "contact_submissions:<id>", "staff:<email>", "person:<hash>"… */
    target: text("target"),
    details: jsonb("details").$type<Record<string, unknown>>(),
  },
  (t) => [index("audit_log_at_idx").on(t.at), index("audit_log_action_idx").on(t.action)],
);

/** Values the server generates once and every instance shares (the signing secret when SESSION_SECRET is unset). */
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

/** PostgreSQL's byte string; both drivers hand back bytes, which the media store reads as a Buffer. */
/**
 * Every file an upload made (a clean original, each variant), named by its SHA-256 (decision 008). On
 * PostgreSQL the bytes are in this row, so every instance has them; on PGlite they are in data/media/, because
 * PGlite's memory grows with every large value it handles.
 */
export const mediaFiles = pgTable("media_files", {
  hash: text("hash").primaryKey(),
  contentType: text("content_type").notNull(),
  byteSize: integer("byte_size").notNull(),
  bytes: bytea("bytes"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A photograph staff uploaded: its clean original, and the kind of place it was uploaded for (issue 21). */
export const images = pgTable("images", {
  /** The original's hash: the same photograph uploaded twice is one image. */
  id: text("id").primaryKey(),
  kind: text("kind").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  originalHash: text("original_hash")
    .notNull()
    .references(() => mediaFiles.hash),
  uploadedBy: text("uploaded_by"),
  uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The files served for an image cut to one kind of frame around one focal point: a format and width each. The
 * same photograph shown as a hero and as a slide has each kind's own files.
 */
export const imageVariants = pgTable(
  "image_variants",
  {
    imageId: text("image_id")
      .notNull()
      .references(() => images.id, { onDelete: "cascade" }),
    /** The frame it is cut to (app/lib/image-kinds.json): slide, hero, portrait, logo or social. */
    kind: text("kind").notNull(),
    /** The focal point, "x,y" in per cent of the width and height. */
    focus: text("focus").notNull(),
    format: text("format").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    fileHash: text("file_hash")
      .notNull()
      .references(() => mediaFiles.hash),
  },
  // GET /media/<hash> serves a file only if a variant uses it: looked up by the file's hash.
  (t) => [primaryKey({ columns: [t.imageId, t.kind, t.focus, t.format, t.width] }), index("image_variants_file_idx").on(t.fileHash)],
);

/** PostgreSQL's full-text document type; written by the search index, never read back by the app. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * What visitors can read, one row per page, person or news item and language, made from the content and the
 * published news whenever they change (app/search/index.server.ts). Derived data: it is rebuilt at start.
 */
export const searchDocuments = pgTable(
  "search_documents",
  {
    /** "community:yazidis", "news:<id>", "person:directors/<id>"… */
    key: text("key").notNull(),
    language: text("language").notNull(),
    /** community, article, news, person or page (app/search/results.ts). */
    kind: text("kind").notNull(),
    /** Where the result leads: a path on this site, or a news item's original article. */
    href: text("href").notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull(),
    body: text("body").notNull(),
    /** The communities the document is about, for the filter. */
    communities: text("communities").array().notNull(),
    /** A news item's publication date. */
    publishedDate: date("published_date"),
    /** A hash of everything above: the index rewrites a row only when it changed. */
    fingerprint: text("fingerprint").notNull(),
    /**
     * Its words as `search_words` counts them: when the row is rewritten or removed, their counts are moved
     * by this row alone, so a change costs its own documents, not the whole index.
     */
    words: text("words")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Title and other names (weight A), summary (B), body (C) and the titles of the sources cited (D), in the language's text-search configuration. */
    document: tsvector("document").notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.language] }), index("search_documents_document_idx").using("gin", t.document)],
);

/** The site's own words, unaccented and lower-case, for "Did you mean" (pg_trgm similarity). */
export const searchWords = pgTable(
  "search_words",
  {
    language: text("language").notNull(),
    word: text("word").notNull(),
    /** How many documents use it: the commoner of two equally close words is suggested. */
    documents: integer("documents").notNull(),
  },
  (t) => [primaryKey({ columns: [t.language, t.word] }), index("search_words_trigram_idx").using("gin", sql`${t.word} gin_trgm_ops`)],
);
