import { beforeAll, describe, expect, it } from "vitest";
import { contentOn } from "../../tests/helpers/content-store";
import { forEachDatabase } from "../../tests/helpers/databases";
import { contentFiles } from "./content.server";
import { inLanguage } from "./snapshot.server";
import { serializeTranslation } from "./translations.server";

const PAGE = "communities/yazidis.md";
const ARABIC = serializeTranslation({
  values: { name: "الإيزيديون", adjective: "إيزيدي", description: "الإيزيديون جماعة دينية عريقة موطنها شمال العراق." },
  lists: {},
  body: "## Under Attack\n\nنص عربي عن الإبادة.\n\n## Culture\n\nثقافة.\n\n## History\n\nتاريخ.",
});
/** The English page with one more sentence in its summary: a change in meaning, or a minor one when marked so. */
const englishWith = (source: string, words: string) =>
  source.replace("home to a large Yazidi diaspora.", `home to a large Yazidi diaspora. ${words}`);

forEachDatabase("translations of content (issue 34)", (handle) => {
  let content: Awaited<ReturnType<typeof contentOn>>;
  beforeAll(async () => {
    content = await contentOn(handle().db);
    await content.store.seed(contentFiles);
    await content.publisher.publish();
  });
  const yazidisIn = (language: "ar" | "fa") =>
    inLanguage(content.publisher.current(), language).communities.find((c) => c.slug === "yazidis")!;

  it("keeps a draft from visitors until it is published, then shows it with the English's photograph and sources", async () => {
    const saved = await content.translations.save({
      path: PAGE,
      language: "ar",
      revision: 0,
      source: ARABIC,
      savedBy: "t1",
      matchesEnglish: false,
    });
    expect(saved).toEqual({ revision: 1 });
    await content.publisher.publish();
    expect(yazidisIn("ar").name).toBe("Yazidis");
    expect(content.publisher.current().publishedIn[PAGE]).toBeUndefined();

    expect(await content.translations.publish({ path: PAGE, language: "ar", revision: 1, by: "r1" })).toEqual({ live: true });
    const arabic = yazidisIn("ar");
    const english = content.publisher.current().communities.find((c) => c.slug === "yazidis")!;
    expect(arabic.name).toBe("الإيزيديون");
    expect(arabic.underAttackHtml).toContain("نص عربي");
    // What is not words comes from the English: the photograph, the sources and their titles.
    expect(arabic.image).toEqual(english.image);
    expect(arabic.sources).toEqual(english.sources);
    // English and the languages without a translation read the English; the page knows where it is published.
    expect(english.name).toBe("Yazidis");
    expect(yazidisIn("fa").name).toBe("Yazidis");
    expect(content.publisher.current().publishedIn[PAGE]).toEqual(["ar"]);
    expect(inLanguage(content.publisher.current(), "ar").translations[PAGE]).toEqual({
      reviewedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      outdated: false,
    });
  });

  it("refuses a save or a publication that started from an older revision", async () => {
    expect(
      await content.translations.save({ path: PAGE, language: "ar", revision: 0, source: ARABIC, savedBy: "t2", matchesEnglish: false }),
    ).toEqual({ conflict: true });
    expect(await content.translations.publish({ path: PAGE, language: "ar", revision: 7, by: "r1" })).toEqual({ conflict: true });
  });

  it("is not outdated by a change to another page", async () => {
    const other = (await content.store.get("communities/druze.md"))!;
    await content.store.save({
      path: "communities/druze.md",
      revision: other.revision,
      source: `${other.source}\nAnother paragraph.\n`,
      savedBy: "e1",
    });
    await content.store.save({ path: "communities/druze.md", revision: other.revision + 1, source: other.source, savedBy: "e1" });
    expect(inLanguage(content.publisher.current(), "ar").translations[PAGE]?.outdated).toBe(false);
    expect((await content.translations.overview()).find((t) => t.path === PAGE)?.outdated).toBe(false);
  });

  it("marks the translation outdated after an English change in meaning, not after a minor one, until its translator confirms it", async () => {
    const english = await content.store.get(PAGE);
    const minor = await content.store.save({
      path: PAGE,
      revision: english!.revision,
      source: englishWith(english!.source, "Minor."),
      savedBy: "e1",
      minor: true,
    });
    expect(minor).toMatchObject({ live: true });
    expect((await content.translations.state(PAGE, "ar")).outdated).toBe(false);
    expect(inLanguage(content.publisher.current(), "ar").translations[PAGE]?.outdated).toBe(false);

    const now = (await content.store.get(PAGE))!;
    await content.store.save({
      path: PAGE,
      revision: now.revision,
      source: englishWith(now.source, "A change in meaning."),
      savedBy: "e1",
    });
    expect(await content.translations.state(PAGE, "ar")).toMatchObject({ outdated: true, publishedOutdated: true });
    expect(inLanguage(content.publisher.current(), "ar").translations[PAGE]?.outdated).toBe(true);
    // The summary still shows the published Arabic, and the rest is the English as it is now.
    expect(yazidisIn("ar").description).toContain("الإيزيديون");

    // Saved without confirming, it stays outdated; confirmed and published, it is current everywhere.
    await content.translations.save({ path: PAGE, language: "ar", revision: 1, source: ARABIC, savedBy: "t1", matchesEnglish: false });
    expect((await content.translations.state(PAGE, "ar")).outdated).toBe(true);
    await content.translations.save({ path: PAGE, language: "ar", revision: 2, source: ARABIC, savedBy: "t1", matchesEnglish: true });
    expect(await content.translations.state(PAGE, "ar")).toMatchObject({ outdated: false, publishedOutdated: true });
    await content.translations.publish({ path: PAGE, language: "ar", revision: 3, by: "r1" });
    expect(inLanguage(content.publisher.current(), "ar").translations[PAGE]?.outdated).toBe(false);
    expect(await content.translations.overview()).toEqual([{ path: PAGE, language: "ar", published: true, draft: false, outdated: false }]);
  });

  describe("withdrawn", () => {
    it("is read in English again, its text and history kept", async () => {
      await content.translations.withdraw({ path: PAGE, language: "ar" });
      expect(yazidisIn("ar").name).toBe("Yazidis");
      expect(content.publisher.current().languages.ar).toBeUndefined();
      expect((await content.store.history(PAGE, "ar")).map((r) => r.revision)).toEqual([1, 2, 3]);
    });
  });
});
