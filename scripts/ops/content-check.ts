/**
 * `npm run content:check [-- <content dir>]`: validates every content file, lists the pages whose sources
 * or review date need an editor, warns about sources that are copies or older than the page's figures and about
 * events whose tolls differ between pages, and lists what the organisation must still supply (placeholder: true).
 * Exits non-zero when a file is invalid or a page has fewer than three sources or no review date.
 */
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildSiteContent, listPlaceholders, reviewProblems, sourcedPages } from "../../app/content/collections.server";
import { readContentFiles } from "../../app/content/read-files.server";
import { sourceWarnings } from "../../app/content/source-warnings";

const contentDir = process.argv[2] ? resolve(process.argv[2]) : join(dirname(fileURLToPath(import.meta.url)), "..", "..", "app", "content");
try {
  const content = buildSiteContent(readContentFiles(contentDir));
  const { missing, stale } = reviewProblems(content);
  const placeholders = listPlaceholders(content);
  console.log(
    `Content is valid: ${content.communities.length} communities, ${content.ideology.length} articles, ${content.directors.length} director records, ${content.advisors.length} advisors.`,
  );
  const list = (title: string, lines: string[]) => {
    console.log(`\n${lines.length} ${title}`);
    for (const line of lines) console.log(`  - ${line}`);
  };
  list("page(s) without enough sources or a review date:", missing);
  list("page(s) last reviewed more than 12 months ago:", stale);
  list(
    "source warning(s): a copy where the original belongs, figures newer than the sources, or an event whose toll differs between pages:",
    sourceWarnings(sourcedPages(content)),
  );
  list("placeholder(s) the organisation still has to supply:", placeholders);
  if (missing.length > 0) process.exit(1);
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
