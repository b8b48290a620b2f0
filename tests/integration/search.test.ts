/**
 * Site search through the built server: what a visitor's browser, a crawler and the people who run the
 * site see of it, and what the server keeps of a query (nothing), also when the database fails. The server
 * runs in this process, so a test can break its database, and everything it writes is captured.
 */
import { format } from "node:util";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { RunningServer } from "../../server/app";
import { startBuiltServerHere } from "../helpers/built-server";

const TOKEN = "metrics-token-for-search-0123456789";
const SECRET_TERM = "zanzibarpersecutedsearcher";

let server: RunningServer;
/** Everything the server writes: its log lines, anything on stdout or stderr or through the console. */
let output = "";
beforeAll(async () => {
  const keep = (chunk: unknown) => void (output += String(chunk));
  vi.spyOn(process.stdout, "write").mockImplementation((chunk) => (keep(chunk), true));
  vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (keep(chunk), true));
  for (const method of ["log", "info", "warn", "error"] as const)
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => keep(`${format(...args)}\n`));
  server = await startBuiltServerHere(
    { SEARCH_RATE_LIMIT: "6", TRUST_PROXY: "1", METRICS_TOKEN: TOKEN, LOG_LEVEL: "info" },
    // The log goes to standard output's file descriptor, not through process.stdout: its lines are taken here.
    { log: (line) => keep(`${line}\n`) },
  );
});
afterAll(async () => {
  await server?.close();
  vi.restoreAllMocks();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers });
/** Each test searches from an address of its own, so the limit test's searches count against nobody else. */
const from = (address: string) => ({ "x-forwarded-for": address });

describe("the results page", () => {
  it("is private, no-store and noindex, and sends no Referer to other sites", async () => {
    const res = await get("/search?q=Ezidi", from("192.0.2.1"));
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("x-robots-tag")).toBe("noindex");
    expect(res.headers.get("referrer-policy")).toBe("same-origin");
    const html = await res.text();
    expect(html).toMatch(/<meta name="robots" content="noindex/);
    expect(html).toContain('href="/communities/yazidis"');
  });

  it("shows a query's markup as text, in the field, the heading and the title", async () => {
    const q = `<script>alert(1)</script>"><img src=x onerror=alert(2)>`;
    const html = await (await get(`/search?q=${encodeURIComponent(q)}`, from("192.0.2.2"))).text();
    expect(html).not.toContain("<script>alert(1)");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("answers 429 with the seconds to wait after too many searches from one address, and a page that says so", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await get(`/search?q=copts+${i}`, from("192.0.2.3"))).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    const refused = await get("/search?q=copts", from("192.0.2.3"));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("cache-control")).toBe("private, no-store");
    expect(await refused.text()).toContain("Too many searches");
    expect((await get("/search?q=copts", from("192.0.2.4"))).status).toBe(200);
  });

  it("keeps no query anywhere: not in the log, not in the metrics, which count searches found and not found", async () => {
    const scrape = async () => (await get("/metrics", { authorization: `Bearer ${TOKEN}` })).text();
    const count = (text: string, results: string) =>
      Number(new RegExp(`^searches_total\\{results="${results}"\\} (\\S+)$`, "m").exec(text)?.[1] ?? 0);
    const before = await scrape();
    await (await get(`/search?q=${SECRET_TERM}&exact=1`, from("192.0.2.5"))).text();
    await (await get("/search?q=Druze", from("192.0.2.5"))).text();
    const after = await scrape();
    expect(count(after, "none")).toBe(count(before, "none") + 1);
    expect(count(after, "found")).toBe(count(before, "found") + 1);
    expect(after).not.toContain(SECRET_TERM);
    expect(output).toContain('"path":"/search"');
    expect(output).not.toContain(SECRET_TERM);
  });
});

describe("a search the database fails", () => {
  it("shows a plain error page, and logs that a query failed without its SQL or the words searched for", async () => {
    const { db } = server.database;
    const term = "sinjarfledfamilysearcher";
    const before = output.length;
    await db.execute(sql`alter table search_documents rename to search_documents_away`);
    let res: Response;
    try {
      res = await get(`/search?q=ezidi+${term}`, from("192.0.2.6"));
    } finally {
      await db.execute(sql`alter table search_documents_away rename to search_documents`);
    }
    expect(res.status).toBe(500);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const html = await res.text();
    expect(html).toContain("Something went wrong");
    expect(html).not.toMatch(/Failed query|search_documents|42P01|\bat .+:\d+:\d+/);

    const logged = output.slice(before);
    const failure = logged.split("\n").find((line) => line.includes('"level":"error"'));
    expect(JSON.parse(failure!)).toMatchObject({ msg: "render error", path: "/search", error: "DrizzleQueryError", code: "42P01" });
    expect(logged).not.toContain(term);
    expect(logged).not.toMatch(/ezidi|websearch_to_tsquery|params:/i);
    // The index is back: the same search answers again.
    expect((await get(`/search?q=ezidi`, from("192.0.2.6"))).status).toBe(200);
  });
});

describe("browsers and crawlers", () => {
  it("every page links an OpenSearch description that searches this site", async () => {
    const home = await (await get("/")).text();
    expect(home).toContain('<link rel="search" type="application/opensearchdescription+xml" href="/opensearch.xml"');
    const res = await get("/opensearch.xml");
    expect(res.headers.get("content-type")).toMatch(/^application\/opensearchdescription\+xml/);
    const xml = await res.text();
    expect(xml).toContain('template="https://alliance.example/search?q={searchTerms}"');
    expect(xml).toMatch(/<ShortName>[^<]{1,16}<\/ShortName>/);
  });

  it("keeps search results out of the sitemap and away from crawlers", async () => {
    expect(await (await get("/sitemap.xml")).text()).not.toContain("/search");
    expect(await (await get("/robots.txt")).text()).toContain("Disallow: /search\n");
  });
});
