/**
 * PostgreSQL advisory lock keys, one per job that only one instance may do at a time. Arbitrary numbers,
 * kept in one list so that no two jobs ever share one.
 */
export const ADVISORY_LOCKS = {
  /** Applying migrations (db/client.server.ts). */
  migrations: 727_001,
  /** The hourly retention run (app/staff/retention.server.ts). */
  retention: 727_002,
  /** Seeding news from app/content/news.yaml (app/news/editing.server.ts). */
  newsSeed: 727_003,
  /** Seeding the content documents from app/content/ (app/content/store.server.ts). */
  contentSeed: 727_004,
} as const;
