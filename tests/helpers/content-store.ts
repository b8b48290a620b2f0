/** The content store of a fresh in-memory database, seeded with the repository's files: what an editor test starts from. */
import { openDatabase } from "../../db/client.server";
import { contentFiles, siteContentFrom } from "../../app/content/content.server";
import { createContentStore } from "../../app/content/store.server";

export async function seededContentStore() {
  const handle = await openDatabase({ dataDir: "memory://" });
  const store = createContentStore(
    handle.db,
    (documents) => void siteContentFrom(documents),
    async () => {},
  );
  await store.seed(contentFiles);
  return { handle, store };
}
