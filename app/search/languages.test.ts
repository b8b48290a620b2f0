/**
 * Site search in every language (issue 34): a language's own published pages first, then the English of the
 * pages not translated, each result with its language; Arabic found with or without its vowel marks, Persian
 * typed on an Arabic keyboard, French without its accents. On both databases: each configuration relied on
 * must exist in PGlite as in PostgreSQL.
 */
import { beforeAll, expect, it } from "vitest";
import { contentOn } from "../../tests/helpers/content-store";
import { forEachDatabase } from "../../tests/helpers/databases";
import { contentFiles } from "~/content/content.server";
import { serializeTranslation } from "~/content/translations.server";
import arabic from "~/i18n/messages/ar.json";
import { createLimitStore } from "~/lib/limits.server";
import { createSearchService } from "./service.server";

const PAGE = "communities/yazidis.md";
const TRANSLATIONS = {
  ar: {
    name: "الإيزيديون",
    body: "## Under Attack\n\nفي آب ٢٠١٤ هاجم تنظيم داعش سنجار وارتكب إبادةً جماعيةً بحق الإيزيديين.\n\n## Culture\n\nمعبد لالش.\n\n## History\n\nتاريخ.",
  },
  fa: {
    name: "ایزدیان",
    body: "## Under Attack\n\nداعش در سال ۲۰۱۴ به سنجار حمله کرد و ایزدی‌ها را کشت.\n\n## Culture\n\nلالش.\n\n## History\n\nتاریخ.",
  },
  fr: {
    name: "Yézidis",
    body: "## Under Attack\n\nEn 2014, l’État islamique a commis un génocide contre les Yézidis du Sinjar.\n\n## Culture\n\nLalish.\n\n## History\n\nHistoire.",
  },
} as const;

forEachDatabase("site search in every language (issue 34)", (handle) => {
  let search: ReturnType<typeof createSearchService>;

  beforeAll(async () => {
    const content = await contentOn(handle().db);
    await content.store.seed(contentFiles);
    for (const [language, { name, body }] of Object.entries(TRANSLATIONS)) {
      const source = serializeTranslation({ values: { name }, lists: {}, body });
      await content.translations.save({ path: PAGE, language, revision: 0, source, savedBy: "t", matchesEnglish: true });
      await content.translations.publish({ path: PAGE, language, revision: 1, by: "r" });
    }
    const limits = await createLimitStore({});
    search = createSearchService(handle().db, { limit: await limits.limit("search", 1000, 60) });
    await search.index(content.publisher.current(), { every: true });
  });

  const find = async (q: string, language: string) => {
    const outcome = await search.search({ q, kind: null, community: null, page: 1, language }, null);
    if (!outcome.ok) throw new Error("limited");
    return outcome.answer.results.map((r) => ({ key: r.key, language: r.language, href: r.href }));
  };
  const yazidis = (language: string) => ({ key: "community:yazidis", language, href: `/${language}/communities/yazidis` });

  it("finds an Arabic page typed with or without its vowel marks, hamza or tatweel, and its digits either way", async () => {
    for (const q of ["إبادة جماعية", "ابادة جماعيه", "إِبَادَةً", "الإيـــزيديين", "2014 سنجار"])
      expect((await find(q, "ar"))[0], q).toEqual(yazidis("ar"));
  });

  it("finds a Persian page typed on an Arabic keyboard, and French without its accents", async () => {
    expect((await find("ايزدي سنجار", "fa"))[0]).toEqual(yazidis("fa"));
    expect((await find("genocide etat islamique", "fr"))[0]).toEqual(yazidis("fr"));
  });

  it("gives the page's own language first, then the English of pages not translated, never a translated page twice", async () => {
    const found = await find("Sinjar", "fr");
    expect(found[0]).toEqual(yazidis("fr"));
    expect(found.slice(1).every((r) => r.language === "en")).toBe(true);
    expect(found.filter((r) => r.key === "community:yazidis")).toHaveLength(1);
    expect(found.length).toBeGreaterThan(1);
    // In English, the English page, and nothing in another language.
    const english = await find("Sinjar", "en");
    expect(english.every((r) => r.language === "en")).toBe(true);
    expect(english.find((r) => r.key === "community:yazidis")?.href).toBe("/communities/yazidis");
  });

  it("names a community in its translation on the language's news list, and the English where it has none", async () => {
    const news = (language: string) => ({ key: "page:news/yazidis", language, href: `/${language}/communities/yazidis/news` });
    expect(await find(`${TRANSLATIONS.ar.name} ${arabic["communityNews.eyebrow"]}`, "ar")).toContainEqual(news("ar"));
    expect(await find("Yazidis", "ckb")).toContainEqual(news("ckb"));
  });

  it("keeps Sorani and Kurmanji apart from Arabic and Persian: with no translation, they find the English", async () => {
    expect((await find("الإيزيديون", "ckb")).every((r) => r.language === "en")).toBe(true);
    expect((await find("Sinjar", "ku"))[0]?.language).toBe("en");
  });
});
