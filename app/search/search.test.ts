/**
 * Site search on both databases: the golden set (golden-queries.yaml), the index kept in step with the
 * content and the news, filters, pages, corrections and hostile queries.
 */
import { readFileSync } from "node:fs";
import { and, eq, sql } from "drizzle-orm";
import { parse } from "yaml";
import { beforeAll, describe, expect, it } from "vitest";
import { searchDocuments as searchTable, searchWords } from "../../db/schema";
import { forEachDatabase } from "../../tests/helpers/databases";
import { newsInput } from "../../tests/helpers/news";
import { buildSiteContent, type SiteContent } from "~/content/collections.server";
import { contentFiles } from "~/content/content.server";
import arabic from "~/i18n/messages/ar.json";
import { fillIn } from "~/i18n/text";
import { createLimitStore } from "~/lib/limits.server";
import { publishedNewsWithCommunities } from "~/news/queries.server";
import { createNewsService } from "~/news/service.server";
import { SYSTEM } from "~/staff/audit.server";
import { newsDocuments, PAGE_KINDS, pageDocuments } from "./documents.server";
import { syncSearchIndex, textSearchConfig, vocabularyOf } from "./index.server";
import { MATCH_END, MATCH_START, RESULTS_PER_PAGE } from "./results";
import { runSearch, type SearchRequest } from "./search.server";
import { createSearchService } from "./service.server";

/** A query and its page: among the first three results (`top3`), or the first (`first`). */
type Golden = { q: string } & ({ top3: string; first?: never } | { first: string; top3?: never });
const GOLDEN = parse(readFileSync(`${__dirname}/golden-queries.yaml`, "utf8")) as Record<string, Golden[]>;
const FIRST_EDITION = buildSiteContent(contentFiles);

/** The content with one community's description replaced, as a staff save would leave it. */
const withDescription = (content: SiteContent, slug: string, description: string): SiteContent => ({
  ...content,
  communities: content.communities.map((c) => (c.slug === slug ? { ...c, description } : c)),
});

/** The content with one community renamed, as a staff save would leave it. */
const withName = (content: SiteContent, slug: string, name: string): SiteContent => ({
  ...content,
  communities: content.communities.map((c) => (c.slug === slug ? { ...c, name } : c)),
});

const query = (q: string, more: Partial<SearchRequest> = {}): SearchRequest => ({ q, kind: null, community: null, page: 1, ...more });

it("the golden set holds at least 60 queries, in every group the issue names", () => {
  expect(Object.values(GOLDEN).flat().length).toBeGreaterThanOrEqual(60);
  expect(Object.keys(GOLDEN)).toHaveLength(5);
  for (const g of Object.values(GOLDEN).flat()) expect(Boolean(g.first) !== Boolean(g.top3), g.q).toBe(true);
  // The "done when": a visitor who knows any common spelling of a community's name finds its page first.
  expect(GOLDEN["communities, under each of their spellings"]!.filter((g) => !g.first)).toEqual([]);
});

forEachDatabase("site search", (handle) => {
  let current: SiteContent;
  let news: ReturnType<typeof createNewsService>;
  let search: ReturnType<typeof createSearchService>;
  const searched: boolean[] = [];

  beforeAll(async () => {
    const { db } = handle();
    current = FIRST_EDITION;
    // What the publishing step does after a news change here: index the edition, and the items it touched.
    news = createNewsService(db, async (ids) => {
      await search.index(current, { ids });
      return { live: true };
    });
    await news.seed(FIRST_EDITION.news);
    const limits = await createLimitStore({});
    search = createSearchService(db, { limit: await limits.limit("search", 1000, 60), searched: (f) => searched.push(f) });
    await search.index(current, { every: true });
  });

  const find = async (q: string, more: Partial<SearchRequest> = {}) => {
    const outcome = await search.search(query(q, more), null);
    if (!outcome.ok) throw new Error("limited");
    return outcome.answer;
  };

  describe("the golden set: the page asked for first or among the first three, and never nothing found", () => {
    for (const [group, queries] of Object.entries(GOLDEN))
      it(group, async () => {
        const misses: string[] = [];
        for (const { q, first, top3 } of queries) {
          const answer = await find(q);
          const top = answer.results.slice(0, first ? 1 : 3).map((r) => r.href);
          const page = (first ?? top3)!;
          if (answer.total === 0 || !top.includes(page))
            misses.push(
              `${q} → ${page} ${first ? "first" : "in the top 3"}: got ${answer.total}, ${answer.results
                .slice(0, 3)
                .map((r) => r.href)
                .join(" ")}`,
            );
        }
        expect(misses).toEqual([]);
      });
  });

  /** Every result of a query, page after page. */
  const everyResult = async (q: string) => {
    const first = await find(q);
    const rest = await Promise.all(Array.from({ length: first.pages - 1 }, (_, i) => find(q, { page: i + 2 })));
    return [first, ...rest].flatMap((a) => a.results.map((r) => r.href));
  };

  /** The pages whose own words include one of these names, as the index matches them, without other spellings. */
  const pagesUsing = async (names: string[]) => {
    const words = names.map((n) => `"${n}"`).join(" or ");
    const rows = await handle()
      .db.select({ href: searchTable.href })
      .from(searchTable)
      .where(
        and(
          eq(searchTable.language, "en"),
          sql`${searchTable.document} @@ websearch_to_tsquery(${textSearchConfig("en")}::regconfig, ${words})`,
        ),
      );
    return new Set(rows.map((r) => r.href));
  };

  it("ranks a related name below the name asked for: every page using the name, then those using only a related one", async () => {
    for (const [q, names] of [
      ["ISWAP", ["ISWAP"]], // related: Boko Haram, JAS
      ["Chaldeans", ["Chaldean", "Chaldeans"]], // related: Assyrian, Syriac
      ["JNIM", ["JNIM"]], // related: al-Qaeda
    ] as const) {
      const using = await pagesUsing([...names]);
      const results = await everyResult(q);
      const usesName = results.map((href) => using.has(href));
      // The related names widened the search…
      expect(usesName.filter((uses) => !uses).length, q).toBeGreaterThan(0);
      expect(usesName.filter(Boolean).length, q).toBe(using.size);
      // …and every page found only through them comes after every page that uses the name asked for.
      expect(usesName, q).toEqual([...usesName].sort((a, b) => Number(b) - Number(a)));
    }
    // Syriac Christians are not all Assyrians, nor Assyrians Chaldeans: each name's own page leads.
    for (const q of ["Syriac", "Assyrian"]) {
      const results = await everyResult(q);
      expect(results.indexOf("/communities/chaldeans"), q).toBeGreaterThan(results.indexOf("/communities/assyrians"));
    }
    expect((await everyResult("Chaldean")).slice(0, 2)).toEqual(["/communities/chaldeans", "/communities/assyrians"]);
  });

  it("a staff edit is searchable once its edition is indexed, and its old words are gone, from the suggestions too", async () => {
    expect((await find("quokkafarers")).total).toBe(0);
    current = withDescription(current, "druze", "Quokkafarers of the Levant, a word no page uses.");
    await search.index(current, { ids: [] });
    const answer = await find("quokkafarers", { correct: false });
    expect(answer.results.map((r) => r.href)).toEqual(["/communities/druze"]);
    expect((await find("quokkafxrers", { correct: false })).suggestion).toBe("quokkafarers");
    current = FIRST_EDITION;
    await search.index(current, { ids: [] });
    expect((await find("quokkafarers", { correct: false })).total).toBe(0);
    expect((await find("quokkafxrers", { correct: false })).suggestion).not.toBe("quokkafarers");
  });

  it("a news item is found with its date once published, and gone once deleted", async () => {
    const { id } = (await news.save(
      SYSTEM,
      newsInput({ title: "Wollemi pines planted for the Samaritans", communities: ["samaritans"] }),
    ))!;
    const found = await find("wollemi");
    expect(found.results).toHaveLength(1);
    expect(found.results[0]).toMatchObject({
      kind: "news",
      href: "https://news.example/test",
      publishedDate: "2026-11-01",
      communities: ["samaritans"],
    });
    await news.remove(SYSTEM, id);
    expect((await find("wollemi", { correct: false })).total).toBe(0);
  });

  it("ranks a recent news item above an older one that says the same", async () => {
    const older = await news.save(
      SYSTEM,
      newsInput({ title: "Tuatara survey in Sinjar", publishedDate: "2024-01-10", communities: ["yazidis"] }),
    );
    const newer = await news.save(
      SYSTEM,
      newsInput({ title: "Tuatara survey in Sinjar", publishedDate: "2026-11-20", communities: ["yazidis"] }),
    );
    const answer = await find("tuatara", { kind: "news" });
    expect(answer.results.map((r) => r.publishedDate)).toEqual(["2026-11-20", "2024-01-10"]);
    for (const saved of [older, newer]) await news.remove(SYSTEM, saved!.id);
  });

  it("a second sync of unchanged content writes nothing; a change rewrites only its own document", async () => {
    const { db } = handle();
    const docs = pageDocuments(current);
    expect(await syncSearchIndex(db, docs, { kinds: PAGE_KINDS })).toEqual({ written: 0, removed: 0 });
    const edited = pageDocuments(withDescription(current, "copts", "Changed once."));
    expect(await syncSearchIndex(db, edited, { kinds: PAGE_KINDS })).toEqual({ written: 1, removed: 0 });
    // The news items are outside the pages' scope: none is removed for being absent.
    expect(await syncSearchIndex(db, docs, { kinds: PAGE_KINDS })).toEqual({ written: 1, removed: 0 });
  });

  it("keeps each word's count of documents right through partial syncs, as a whole recount has it", async () => {
    const { db } = handle();
    const counts = async () =>
      new Map((await db.select().from(searchWords).where(eq(searchWords.language, "en"))).map((w) => [w.word, w.documents]));
    const everything = async () => [...pageDocuments(current), ...newsDocuments(await publishedNewsWithCommunities(db))];
    // Pages changed, a word added then gone, a news item added and removed: each sync moves only its own rows' words.
    current = withDescription(FIRST_EDITION, "sikhs", "Xylocarpous gurdwaras, counted twice.");
    await search.index(current, { ids: [] });
    const { id } = (await news.save(SYSTEM, newsInput({ title: "Xylocarpous gurdwaras restored", communities: ["sikhs"] })))!;
    expect((await counts()).get("xylocarpous")).toBe(2);
    await news.remove(SYSTEM, id);
    expect((await counts()).get("xylocarpous")).toBe(1);
    current = FIRST_EDITION;
    await search.index(current, { ids: [] });
    expect((await counts()).has("xylocarpous")).toBe(false);
    expect(await counts()).toEqual(vocabularyOf(await everything()));
  });

  it("filters by kind and by community, counting every kind before the kind filter", async () => {
    const all = await find("genocide");
    const onlyNews = await find("genocide", { kind: "news" });
    expect(onlyNews.results.every((r) => r.kind === "news")).toBe(true);
    expect(onlyNews.total).toBe(all.counts.news);
    expect(onlyNews.counts).toEqual(all.counts);
    expect(Object.values(all.counts).reduce((a, b) => a + b, 0)).toBe(all.total);
    const copts = await find("church", { community: "copts" });
    expect(copts.total).toBeGreaterThan(0);
    expect(copts.results.every((r) => r.communities.includes("copts"))).toBe(true);
  });

  it("filters articles by community: an article counts for each community its Communities targeted list names", async () => {
    const docs = pageDocuments(FIRST_EDITION);
    for (const a of FIRST_EDITION.ideology)
      expect(docs.find((d) => d.key === `article:${a.section}`)!.communities, a.section).toHaveLength(a.communities.length);
    const listed = FIRST_EDITION.ideology.find((a) => a.section === "forced-conversion")!.communities.map((c) => c.name);
    expect(listed).toContain("Druze");
    expect(listed).not.toContain("Samaritans");
    const hrefs = async (community: string) => (await find("forced conversion", { community })).results.map((r) => r.href);
    expect(await hrefs("druze")).toContain("/ideology/forced-conversion");
    expect(await hrefs("samaritans")).not.toContain("/ideology/forced-conversion");
  });

  it("pages through the results ten at a time, and a page past the last shows the last", async () => {
    const first = await find("ISIS");
    expect(first.total).toBeGreaterThan(RESULTS_PER_PAGE);
    const second = await find("ISIS", { page: 2 });
    expect(second.page).toBe(2);
    expect(first.results).toHaveLength(RESULTS_PER_PAGE);
    const keys = new Set(first.results.map((r) => r.key));
    expect(second.results.some((r) => keys.has(r.key))).toBe(false);
    expect((await find("ISIS", { page: 999 })).page).toBe(first.pages);
  });

  it("marks each match in the snippet with the private-use marks, never with HTML", async () => {
    const [top] = (await find("Ezidi")).results;
    expect(top!.snippet).toContain(`${MATCH_START}Yazidis${MATCH_END}`);
    expect(top!.snippet).not.toMatch(/<\/?b>/);
  });

  it("corrects a misspelled word from the site's own words, or only suggests it when asked for exactly what was typed", async () => {
    const corrected = await find("genocde");
    expect(corrected).toMatchObject({ query: "genocide", correctedFrom: "genocde" });
    expect(corrected.total).toBeGreaterThan(0);
    const exact = await find("genocde", { correct: false });
    expect(exact).toMatchObject({ total: 0, correctedFrom: null, suggestion: "genocide" });
    const nothing = await find("xqzvwk");
    expect(nothing).toMatchObject({ total: 0, correctedFrom: null, suggestion: null });
  });

  it("takes hostile or broken queries as text: no error, nothing but text in the snippets", async () => {
    for (const q of [
      "<script>alert(1)</script>",
      '"><img src=x onerror=alert(1)>',
      "' or 1=1 --",
      "yazidi:* & !kurds | (<->)",
      "\\'\"\\\\",
      '"unclosed phrase',
      "- - or or -",
      "🕊️ سنجار",
      "a".repeat(500),
    ]) {
      const answer = await find(q);
      for (const r of answer.results) expect(r.snippet).not.toMatch(/<(?!->)/);
    }
  });

  it("counts each search as found or not found, and hears nothing else", async () => {
    searched.length = 0;
    await find("Copts");
    await find("xqzvwk");
    expect(searched).toEqual([true, false]);
  });

  it("finds each board's list page by its title, and by the name of a member it lists", async () => {
    expect((await find("board of advisors")).results[0]).toMatchObject({ href: "/team/board-of-advisors", kind: "page" });
    expect((await find("board of directors")).results[0]).toMatchObject({ href: "/team/board-of-directors", kind: "page" });
    const advisor = FIRST_EDITION.advisors.find((m) => m.listed)!;
    const director = FIRST_EDITION.directors.find((m) => m.listed)!;
    expect(await everyResult(`"${advisor.name}"`)).toContain("/team/board-of-advisors");
    expect(await everyResult(`"${director.name}"`)).toContain("/team/board-of-directors");
    // An officer's record (listed: false) is not on the board's grid, so not in its list's words.
    const officer = FIRST_EDITION.directors.find((m) => !m.listed)!;
    expect(await everyResult(`"${officer.name}"`)).not.toContain("/team/board-of-directors");
  });

  it("finds a community's news list by its title, with the community's filter, and follows a rename", async () => {
    const yazidiNews = await find("Yazidi news");
    expect(yazidiNews.results.slice(0, 3).map((r) => r.href)).toContain("/communities/yazidis/news");
    const filtered = await find("news", { community: "yazidis", kind: "page" });
    expect(filtered.results.map((r) => r.href)).toEqual(["/communities/yazidis/news"]);
    current = withName(current, "samaritans", "Quollkeepers");
    await search.index(current, { ids: [] });
    expect((await find("Quollkeepers news", { correct: false })).results.map((r) => r.href)).toContain("/communities/samaritans/news");
    current = FIRST_EDITION;
    await search.index(current, { ids: [] });
    expect((await find("Quollkeepers", { correct: false })).total).toBe(0);
  });

  it("finds the lists in every language in that language's words: the Arabic board title, staff's correction of it", async () => {
    const title = arabic["nav.boardOfAdvisors"];
    expect((await find(title, { language: "ar" })).results[0]).toMatchObject({
      href: "/ar/team/board-of-advisors",
      language: "ar",
      kind: "page",
      title,
    });
    const news = fillIn("ar", arabic["community.newsFeed"], { name: FIRST_EDITION.communities.find((c) => c.slug === "yazidis")!.name });
    expect((await find(news, { language: "ar" })).results[0]).toMatchObject({ href: "/ar/communities/yazidis/news", language: "ar" });
    const corrected = { ...FIRST_EDITION, interfaceCorrections: { ar: { "nav.boardOfAdvisors": "مجلس الحكماء الزيزفوني" } } };
    await search.index(corrected, { ids: [] });
    expect((await find("الزيزفوني", { language: "ar" })).results.map((r) => r.href)).toEqual(["/ar/team/board-of-advisors"]);
    await search.index(current, { ids: [] });
  });

  it("keeps each language apart: a document in another language is not an English result", async () => {
    const { db } = handle();
    const arabic = pageDocuments(FIRST_EDITION, "ar").filter((d) => d.key === "community:yazidis");
    await syncSearchIndex(db, [{ ...arabic[0]!, title: "الإيزيديون", summary: "", body: "Zyzzyva" }], "everything", "ar");
    expect((await runSearch(db, query("zyzzyva", { correct: false }))).total).toBe(0);
    expect((await runSearch(db, query("zyzzyva", { language: "ar" }))).results.map((r) => r.title)).toEqual(["الإيزيديون"]);
    await syncSearchIndex(db, [], "everything", "ar");
    expect(await db.select().from(searchTable).where(eq(searchTable.language, "ar"))).toEqual([]);
  });
});

describe("the search service's limit", () => {
  forEachDatabase("searches per address", (handle) => {
    it("answers with the seconds to wait once an address has searched too often, and others may still search", async () => {
      const limits = await createLimitStore({});
      const service = createSearchService(handle().db, { limit: await limits.limit("search", 2, 60) });
      expect((await service.search(query("copts"), "address-a")).ok).toBe(true);
      expect((await service.search(query("copts"), "address-a")).ok).toBe(true);
      const third = await service.search(query("copts"), "address-a");
      expect(third).toMatchObject({ ok: false });
      expect(third.ok ? 0 : third.retryAfter).toBeGreaterThan(0);
      expect((await service.search(query("copts"), "address-b")).ok).toBe(true);
    });
  });
});
