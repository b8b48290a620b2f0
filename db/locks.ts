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
  /** Bringing the search index up to date with the content (app/search/index.server.ts). */
  searchIndex: 727_005,
  /** Re-encrypting second factors after a rotation of the signing secret (app/staff/secret.server.ts). */
  signingKeys: 727_006,
  /**
   * Uploaded photographs' files (app/lib/media.server.ts): storing takes it shared, collecting unused files
   * takes it alone, so a file is never collected between its row being written and a variant naming it.
   */
  mediaFiles: 727_007,
} as const;
