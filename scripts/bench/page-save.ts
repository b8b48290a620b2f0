/**
 * What a staff member waits for when they save a page: the editor's save of a community page (a sentence of
 * its text changed each time), with everything a running server does before the editor sees it saved. The
 * site holds its 68 documents and 5,000 news items.
 */
import { performance } from "node:perf_hooks";
import { firstEdition } from "../../app/content/content.server";
import { formOf, saveDocument } from "../../app/content/editing.server";
import { settleUploads } from "../../app/content/uploads.server";
import { SYSTEM } from "../../app/staff/audit.server";
import type { Services } from "../../server/services";
import { moreNews } from "./more-news";

const EXTRA_NEWS = 5_000;
const PATH = "communities/yazidis.md";

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export async function measurePageSave(label: string, { app, database }: Services, runs: number) {
  await app.news.seed([...firstEdition().news, ...moreNews(EXTRA_NEWS)]);
  const save = async (i: number) => {
    const stored = (await app.contentStore.get(PATH))!;
    const form = formOf(PATH, stored);
    form.body = form.body.replace(/\n\n<!-- bench [0-9]+ -->$/, "") + `\n\n<!-- bench ${i} -->`;
    const result = await saveDocument(app.contentStore, database.db, SYSTEM, PATH, form, "save");
    if (result.kind !== "saved") throw new Error(`the save was refused: ${JSON.stringify(result)}`);
    await settleUploads(database.db, app.media, SYSTEM, PATH, { changes: [] });
  };
  for (let i = 0; i < 5; i++) await save(i);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await save(i + 5);
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  console.log(
    `| ${label}: save a community page (68 documents, ${EXTRA_NEWS} news items; ${runs} saves) | ${percentile(samples, 50).toFixed(1)} | ${percentile(samples, 99).toFixed(1)} |`,
  );
}
