/**
 * `npm run bench:search`: site search at volume. The real content plus 5,000 news items (the first
 * edition's items again, with other dates and addresses), on a fresh embedded database and a fresh
 * PostgreSQL database (when one answers on 127.0.0.1:5432, or BENCH_POSTGRES_URL). Prints how long the
 * index takes to build and to re-check, then p50 and p99 of a search, as the results page runs it, over
 * the golden set's queries (app/search/golden-queries.yaml), of misspelt queries (the correction's second
 * search) and of queries that find nothing.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { parse } from "yaml";
import { firstEdition } from "../../app/content/content.server";
import type { SearchRequest } from "../../app/search/search.server";
import type { Services } from "../../server/services";
import { moreNews } from "./more-news";
import { onEachDatabase } from "./on-each-database";

const EXTRA_NEWS = 5_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const golden = parse(readFileSync(join(import.meta.dirname, "../../app/search/golden-queries.yaml"), "utf8")) as Record<
  string,
  { q: string }[]
>;
const QUERIES: [string, string[]][] = [
  ["golden set", Object.values(golden).flatMap((group) => group.map((g) => g.q))],
  ["misspelt (corrected)", ["genocde", "yazidy persecuton", "kidnaping of grils", "armenains", "cultral heritage"]],
  ["nothing found", ["xqzvwk", "zzyzx quorble", "-yazidi"]],
];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const ms = (start: number) => (performance.now() - start).toFixed(0);

async function measure(label: string, { app }: Services) {
  let start = performance.now();
  const seeded = await app.news.seed([...firstEdition().news, ...moreNews(EXTRA_NEWS)]);
  console.log(`\n${label}: seeded ${seeded} news items in ${ms(start)} ms`);
  start = performance.now();
  await app.search.index(app.liveContent(), { every: true });
  console.log(`first index of every page and news item: ${ms(start)} ms`);
  start = performance.now();
  await app.search.index(app.liveContent(), { every: true });
  console.log(`re-check with nothing changed: ${ms(start)} ms`);

  console.log(`| ${label} (${ROUNDS} rounds) | searches | p50 ms | p99 ms | slowest |\n|---|---|---|---|---|`);
  for (const [name, queries] of QUERIES) {
    const samples: { q: string; t: number }[] = [];
    for (let round = 0; round <= ROUNDS; round++)
      for (const q of queries) {
        const request: SearchRequest = { q, kind: null, community: null, page: 1 };
        const t0 = performance.now();
        await app.search.search(request, null);
        // Round 0 warms the caches and is not counted.
        if (round > 0) samples.push({ q, t: performance.now() - t0 });
      }
    const sorted = samples.map((s) => s.t).sort((a, b) => a - b);
    const slowest = samples.reduce((a, b) => (b.t > a.t ? b : a));
    console.log(
      `| ${name} | ${samples.length} | ${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 99).toFixed(1)} | ${slowest.q} (${slowest.t.toFixed(0)} ms) |`,
    );
  }
}

await onEachDatabase("bench-search", measure);
