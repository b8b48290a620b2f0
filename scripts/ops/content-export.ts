/**
 * `npm run content:export -- DIR`: writes the live content (settings, pages, communities, articles, people,
 * partners, and the published news as news.yaml) as the Markdown and YAML files app/content/ holds, so an
 * organisation can keep its content in version control. An untouched install writes exactly the
 * repository's files. Works on the configured database: DATABASE_URL, or the embedded one in DATA_DIR
 * (through the running server when there is one).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { contentFiles, firstEdition } from "../../app/content/content.server";
import { newsFile } from "../../app/news/news-file.server";
import { loadConfig } from "../../server/config";
import { contentFromRunningServer } from "../../server/control";
import { createLogger } from "../../server/logger";
import { createServices } from "../../server/services";

const target = process.argv[2];
if (!target || target === "--help") {
  console.log("npm run content:export -- DIR   writes the live content to DIR as Markdown and YAML files");
  process.exit(target ? 0 : 2);
}
const config = loadConfig(process.env);

let documents = config.DATABASE_URL ? null : await contentFromRunningServer(resolve(config.DATA_DIR));
if (!documents) {
  const services = await createServices(config, createLogger("warn"), "command");
  try {
    // A database the server never started on has not been seeded yet: its content is the first edition.
    await services.app.contentStore.seed(contentFiles);
    await services.app.news.seed(firstEdition().news);
    const newsYaml = await newsFile(services.app.database.db, contentFiles["news.yaml"]);
    documents = { ...(await services.app.contentStore.documents()), "news.yaml": newsYaml };
  } finally {
    await services.close();
  }
}
for (const [path, source] of Object.entries(documents)) {
  const file = join(resolve(target), path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, source);
}
console.log(`Wrote ${Object.keys(documents).length} content files to ${resolve(target)}.`);
