/**
 * `npm run content:check`: validates every content file and lists what the organisation must
 * still supply (entries marked placeholder: true). Exits non-zero when a file is invalid.
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildSiteContent, listPlaceholders } from "../app/content/collections.server";
import { readContentFiles } from "../app/content/read-files.server";

const contentDir = join(dirname(fileURLToPath(import.meta.url)), "..", "app", "content");
try {
  const content = buildSiteContent(readContentFiles(contentDir));
  const placeholders = listPlaceholders(content);
  console.log(
    `Content is valid: ${content.communities.length} communities, ${content.ideology.length} articles, ${content.directors.length} director records, ${content.advisors.length} advisors.`,
  );
  console.log(`\n${placeholders.length} placeholder(s) the organisation still has to supply:`);
  for (const p of placeholders) console.log(`  - ${p}`);
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
