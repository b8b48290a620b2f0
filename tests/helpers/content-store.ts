/**
 * The content as a server keeps it, on a fresh in-memory database seeded with the repository's files: the
 * store, and the publisher that serves its editions (the search index and kept pages left out). What an
 * editor test starts from.
 */
import type { Database } from "../../db/client.server";
import { contentFiles } from "../../app/content/content.server";
import { createMediaStore, memoryBlobStore, type MediaStore } from "../../app/lib/media.server";
import { createLogger } from "../../server/logger";
import { createContentPublishing } from "../../server/publishing";
import { openEmbeddedDatabase } from "./databases";

/** The store and publisher on `db`, served from what it holds (the file's edition on an empty database). */
export async function contentOn(db: Database, media: MediaStore = createMediaStore(db, memoryBlobStore())) {
  const content = createContentPublishing(db, media, { logger: createLogger("silent") });
  const publisher = await content.serve({ index: async () => {}, drop: () => {} });
  return { store: content.store, translations: content.translations, publisher, publishNews: content.publishNews };
}

export async function seededContentStore() {
  const handle = await openEmbeddedDatabase();
  const media = createMediaStore(handle.db, memoryBlobStore());
  const content = createContentPublishing(handle.db, media, { logger: createLogger("silent") });
  await content.store.seed(contentFiles);
  const publisher = await content.serve({ index: async () => {}, drop: () => {} });
  return { handle, store: content.store, translations: content.translations, publisher, media };
}
