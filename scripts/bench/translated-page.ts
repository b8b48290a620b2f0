/**
 * Publishes an Arabic translation of the Yazidis page (fixtures/yazidis.ar.json, the whole page's length) in the
 * database DATA_DIR or DATABASE_URL names, seeding the content first as the server would. The measuring scripts
 * run it before they start the server, so `/ar/communities/yazidis` is measured translated, as issue 34's budget
 * says. The text is a measuring fixture, not shipped content: staff publish the site's translations.
 */
import { readFileSync } from "node:fs";
import { contentFiles } from "../../app/content/content.server";
import { serializeTranslation } from "../../app/content/translations.server";
import { blobStoreFor, createMediaStore } from "../../app/lib/media.server";
import { openDatabase } from "../../db/client.server";
import { loadConfig } from "../../server/config";
import { createLogger } from "../../server/logger";
import { createContentPublishing } from "../../server/publishing";

const config = loadConfig(process.env);
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 2 });
try {
  const media = createMediaStore(database.db, blobStoreFor(database.kind, database.db, config.DATA_DIR));
  const content = createContentPublishing(database.db, media, { logger: createLogger("warn") });
  await content.store.seed(contentFiles);
  await content.serve({ index: async () => {}, drop: () => {} });
  const path = "communities/yazidis.md";
  const language = "ar";
  const { draft } = await content.translations.state(path, language);
  const source = serializeTranslation(JSON.parse(readFileSync(new URL("fixtures/yazidis.ar.json", import.meta.url), "utf8")));
  const saved = await content.translations.save({
    path,
    language,
    revision: draft?.revision ?? 0,
    source,
    savedBy: "measure",
    matchesEnglish: true,
  });
  if ("conflict" in saved) throw new Error("the translation was saved by someone else meanwhile");
  const published = await content.translations.publish({ path, language, revision: saved.revision, by: "measure" });
  if ("conflict" in published) throw new Error("the translation was saved by someone else before it was published");
} finally {
  await database.close();
}
