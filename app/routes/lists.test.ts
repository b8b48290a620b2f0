/**
 * The lists of documents in another language (issue 34): the communities, the boards, a community's news and
 * the partners are in every language, their own words being the interface's; each item they list is marked
 * English until its translation into the page's language is published. Loaders called as React Router calls
 * them; tests/integration/server.test.ts reads the rendered pages.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeHarness, type RouteHarness } from "../../tests/helpers/routes";
import { serializeTranslation, type TranslationText } from "~/content/translations.server";
import { LANGUAGES } from "~/i18n/languages";
import { loader as rootLoader } from "../root";
import { loader as communities } from "./communities._index";
import { loader as board } from "./team.board";
import { loader as news } from "./communities.$community.news";
import { loader as partners } from "./partners";
import { loader as sitemap } from "./sitemap[.]xml";

let routes: RouteHarness;
beforeAll(async () => {
  routes = await routeHarness();
  const text = (t: Partial<TranslationText>) => serializeTranslation({ values: {}, lists: {}, body: "", ...t });
  // Three documents published in Arabic: a community, a director and the partners.
  for (const [path, source] of [
    ["communities/yazidis.md", text({ values: { name: "الإيزيديون", description: "جماعة دينية عريقة." }, body: ARABIC_BODY })],
    ["team/directors/amira-placeholder.md", text({ values: { name: "أميرة" } })],
    ["partners.yaml", text({ lists: { partners: [{ id: "partner-one", name: "الشريك الأول", description: "وصف." }] } })],
  ] as const) {
    const store = routes.services.app.translationStore;
    expect(await store.save({ path, language: "ar", revision: 0, source, savedBy: "t1", matchesEnglish: true })).toEqual({ revision: 1 });
    expect(await store.publish({ path, language: "ar", revision: 1, by: "r1" })).toMatchObject({ live: true });
  }
});
afterAll(() => routes?.close());

const ARABIC_BODY = "## Under Attack\n\nنص عربي.\n\n## Culture\n\nثقافة.\n\n## History\n\nتاريخ.";

type Loaded<T extends (args: never) => unknown> = Awaited<ReturnType<T>>;
const load = async <T extends (args: never) => unknown>(fn: T, path: string, params: Record<string, string> = {}) =>
  (await routes.get<Loaded<T>>(fn, path, params, null)).data;

describe("a list of documents in another language", () => {
  it("marks each community, person, partner and the community named on its news page English until it is translated", async () => {
    const list = (await load(communities, "/ar/communities")).communities;
    expect(list.find((c) => c.slug === "yazidis")).toMatchObject({
      label: "الإيزيديون",
      description: "جماعة دينية عريقة.",
      english: false,
    });
    expect(list.find((c) => c.slug === "druze")).toMatchObject({ label: "Druze", english: true });

    const members = (await load(board, "/ar/team/board-of-directors")).members;
    // A role is one of a fixed set, said by the interface in the page's language (TeamGrid), not by a translation.
    expect(members.find((m) => m.id === "amira-placeholder")).toMatchObject({ name: "أميرة", title: "Chairman", english: false });
    expect(members.filter((m) => m.english).length).toBe(members.length - 1);
    expect((await load(board, "/ar/team/board-of-advisors")).members.every((m) => m.english)).toBe(true);

    const arabic = await load(partners, "/ar/partners");
    expect(arabic).toMatchObject({ english: false, partners: expect.arrayContaining([expect.objectContaining({ name: "الشريك الأول" })]) });
    expect((await load(partners, "/fa/partners")).english).toBe(true);

    expect((await load(news, "/ar/communities/yazidis/news", { community: "yazidis" })).community).toMatchObject({
      name: "الإيزيديون",
      english: false,
    });
    expect((await load(news, "/ar/communities/druze/news", { community: "druze" })).community).toMatchObject({ english: true });
  });

  it("marks nothing on an English page", async () => {
    expect((await load(communities, "/communities")).communities.some((c) => c.english)).toBe(false);
    expect((await load(board, "/team/board-of-directors")).members.some((m) => m.english)).toBe(false);
    expect((await load(partners, "/partners")).english).toBe(false);
    expect((await load(news, "/communities/druze/news", { community: "druze" })).community.english).toBe(false);
  });

  it.each(["/fa/communities", "/ar/team/board-of-advisors", "/ckb/communities/druze/news", "/fr/partners"])(
    "%s is the page in its language: its own canonical address, every language's as alternates, English the default",
    async (address) => {
      const { languages, meta } = await load(rootLoader, address);
      const [, code, path] = /^\/([a-z]+)(\/.*)$/.exec(address)!;
      expect(languages).toMatchObject({ language: code, translated: true });
      expect(meta.canonicalBase).toBe(`http://localhost/${code}`);
      expect(languages.alternates).toEqual([
        ...LANGUAGES.map((l) => ({ hreflang: l.code, href: `http://localhost${l.code === "en" ? "" : `/${l.code}`}${path}` })),
        { hreflang: "x-default", href: `http://localhost${path}` },
      ]);
      // The switcher leads to the same list in every language, never to a home page instead.
      expect(languages.links.every((l) => l.homePageNote === null)).toBe(true);
    },
  );

  it("an unknown community's news is no page in any language", async () => {
    expect((await load(rootLoader, "/ar/communities/atlantis/news")).languages.translated).toBe(false);
  });

  it("is in the sitemap in every language, each address with all of them as alternates", async () => {
    const xml = String(await load(sitemap, "/sitemap.xml"));
    for (const path of ["/communities", "/team/board-of-directors", "/team/board-of-advisors", "/partners", "/communities/yazidis/news"]) {
      for (const { code } of LANGUAGES) {
        const loc = `http://localhost${code === "en" ? "" : `/${code}`}${path}`;
        const entry = new RegExp(`<url><loc>${loc}</loc>(.*?)</url>`).exec(xml)?.[1];
        expect(entry, loc).toBeDefined();
        expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="http://localhost${path}"/>`);
        for (const other of LANGUAGES)
          expect(entry).toContain(`hreflang="${other.code}" href="http://localhost${other.code === "en" ? "" : `/${other.code}`}${path}"`);
      }
    }
  });
});
