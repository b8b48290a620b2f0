import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { pollContentVersion } from "../../db/content-version.server";
import { contentOn } from "../../tests/helpers/content-store";
import { forEachDatabase, serverPlaces } from "../../tests/helpers/databases";
import type { SiteContent } from "./collections.server";
import { contentFiles, siteContentFrom } from "./content.server";
import { readContentFiles } from "./read-files.server";
import { createContentStore, isContentDocument } from "./store.server";

const FIRST_EDITION = Object.fromEntries(Object.entries(contentFiles).filter(([path]) => isContentDocument(path)));
const SITE = "site.yaml";
const renamed = (name: string) => contentFiles[SITE]!.replace(/^(\s*name: ).*$/m, `$1${name}`);
const A_DIRECTOR = Object.keys(FIRST_EDITION).find((path) => path.startsWith("team/directors/"))!;

forEachDatabase("content documents", (handle) => {
  let published = 0;
  /**
   * A store whose saves are checked against the first edition, which every save finds out of date (the
   * database has moved on since): so each is checked again against the newest, as a save on an instance
   * that has not yet seen another's change is.
   */
  const store = (assemble: (documents: Record<string, string>) => SiteContent = (documents) => siteContentFrom(documents)) =>
    createContentStore(handle().db, {
      basis: () => ({ version: "0", documents: FIRST_EDITION }),
      assemble,
      publish: async () => {
        published++;
        return { live: true };
      },
    });
  /** Today's rules want exactly 14 directors, so a deletion is shown on a store that checks nothing. */
  const unchecked = () => store(() => ({}) as SiteContent);

  beforeAll(async () => {
    const counts = await Promise.all([store().seed(contentFiles), store().seed(contentFiles)]);
    expect(counts.sort((a, b) => a - b)).toEqual([0, Object.keys(FIRST_EDITION).length]);
  });

  it("holds the first edition byte for byte: every page, person, partner and setting, and not news.yaml", async () => {
    expect(await store().documents()).toEqual(FIRST_EDITION);
    expect(Object.keys(FIRST_EDITION)).toEqual(
      expect.arrayContaining(["site.yaml", "partners.yaml", "communities/yazidis.md", A_DIRECTOR]),
    );
    expect(FIRST_EDITION["news.yaml"]).toBeUndefined();
    expect(await store().get("communities/yazidis.md")).toEqual({ source: contentFiles["communities/yazidis.md"], revision: 1 });
  });

  it("keeps what staff change and delete: a later seed neither overrides nor resurrects it", async () => {
    const before = published;
    expect(await store().save({ path: SITE, revision: 1, source: renamed("Changed By Staff"), savedBy: "staff-1" })).toEqual({
      revision: 2,
      live: true,
    });
    expect(await unchecked().save({ path: A_DIRECTOR, revision: 1, source: null, savedBy: "staff-1" })).toEqual({
      revision: 2,
      live: true,
    });
    expect(published).toBe(before + 2);

    expect(await store().seed(contentFiles)).toBe(0);
    const documents = await store().documents();
    expect(documents[SITE]).toContain("Changed By Staff");
    expect(documents[A_DIRECTOR]).toBeUndefined();
    expect(await store().get(A_DIRECTOR)).toBeNull();
    // Listed among the deleted, with the text it had, until staff put it back.
    expect(await store().deleted("team/directors/")).toEqual([{ path: A_DIRECTOR, source: contentFiles[A_DIRECTOR] }]);

    // Staff put the person back: a new revision after the deletion, not a seed.
    expect(await store().save({ path: A_DIRECTOR, revision: 0, source: "stale", savedBy: "staff-2" })).toEqual({
      conflict: true,
      current: null,
    });
    expect(await store().save({ path: A_DIRECTOR, revision: 2, source: contentFiles[A_DIRECTOR]!, savedBy: "staff-2" })).toEqual({
      revision: 3,
      live: true,
    });
    expect(siteContentFrom(await store().documents()).site.organization.name).toBe("Changed By Staff");
    expect(await store().deleted("team/directors/")).toEqual([]);
  });

  it("brings a document staff never saved up to its file's new text, and leaves one they saved alone", async () => {
    const page = "communities/druze.md";
    const corrected = `${contentFiles[page]!}\nA correction made in the repository.\n`;
    const siteBefore = await store().get(SITE);
    expect(await store().seed({ ...contentFiles, [page]: corrected, [SITE]: renamed("From A Later Deploy") })).toBe(1);
    expect(await store().get(page)).toEqual({ source: corrected, revision: 2 });
    expect(await store().get(SITE)).toEqual(siteBefore);
    expect(await store().seed({ ...contentFiles, [page]: corrected })).toBe(0);
    // And back, so the other tests see the first edition.
    expect(await store().seed(contentFiles)).toBe(1);
  });

  it("refuses a save started from an older revision, and says what is stored now", async () => {
    const current = await store().get(SITE);
    const result = await store().save({
      path: SITE,
      revision: current!.revision - 1,
      source: renamed("Second Editor"),
      savedBy: "staff-2",
    });
    expect(result).toEqual({ conflict: true, current });
    expect((await store().get(SITE))!.source).not.toContain("Second Editor");
  });

  it("refuses content the site could not show, and stores nothing", async () => {
    const current = await store().get("communities/copts.md");
    const broken = current!.source.replace(/^name: .*$/m, "");
    await expect(
      store().save({ path: "communities/copts.md", revision: current!.revision, source: broken, savedBy: "staff-1" }),
    ).rejects.toThrow(/communities\/copts\.md/);
    expect(await store().get("communities/copts.md")).toEqual(current);
    await expect(store().save({ path: "../etc/passwd", revision: 0, source: "x", savedBy: "staff-1" })).rejects.toThrow(
      /not a content document/,
    );
  });

  it("saves several documents together or not at all: a conflict or a broken one leaves every one as it was", async () => {
    const [a, b] = ["communities/copts.md", "communities/samaritans.md"];
    const [before, other] = [(await store().get(a))!, (await store().get(b))!];
    const edited = (doc: { source: string }) => doc.source.replace(/^adjective: .*$/m, "adjective: Edited Together");
    const change = (path: string, doc: { source: string; revision: number }, source = edited(doc), revision = doc.revision) => ({
      path,
      revision,
      source,
      savedBy: "staff-1",
    });
    expect(await store().saveAll([change(a, before), change(b, other, edited(other), other.revision - 1)])).toEqual({
      conflict: true,
      current: other,
    });
    await expect(store().saveAll([change(a, before), change(b, other, other.source.replace(/^name: .*$/m, ""))])).rejects.toThrow(
      /communities\/samaritans\.md/,
    );
    expect([await store().get(a), await store().get(b)]).toEqual([before, other]);

    expect(await store().saveAll([change(a, before), change(b, other)])).toEqual({
      revisions: [before.revision + 1, other.revision + 1],
      live: true,
    });
    const site = siteContentFrom(await store().documents());
    expect(site.communities.filter((c) => c.adjective === "Edited Together").map((c) => c.slug)).toEqual(["copts", "samaritans"]);
    // And back, for the other tests.
    await store().saveAll([
      change(a, { ...before, revision: before.revision + 1 }, before.source),
      change(b, { ...other, revision: other.revision + 1 }, other.source),
    ]);
  });

  it("keeps every revision, with who saved it, the deletion included", async () => {
    const history = await store().history(A_DIRECTOR);
    expect(history.map((r) => [r.revision, r.source === null, r.savedBy])).toEqual([
      [1, false, null],
      [2, true, "staff-1"],
      [3, false, "staff-2"],
    ]);
    expect(history[0]!.source).toBe(contentFiles[A_DIRECTOR]);
  });

  it("serves the database's edition, and publishes one another instance saved when the poll sees its version", async () => {
    const here = await contentOn(handle().db);
    const poll = pollContentVersion(handle().db, here.publisher.current().version, (version) => here.publisher.seen(version), 50);
    try {
      expect(here.publisher.current().site.organization.name).toBe("Changed By Staff");
      const elsewhere = await contentOn(handle().db);
      const current = await elsewhere.store.get(SITE);
      await elsewhere.store.save({ path: SITE, revision: current!.revision, source: renamed("Saved Elsewhere"), savedBy: "staff-3" });
      await expect.poll(() => here.publisher.current().site.organization.name, { timeout: 5000 }).toBe("Saved Elsewhere");
    } finally {
      poll.stop();
    }
  });
});

describe("npm run content:export (issue 20)", () => {
  for (const place of serverPlaces("folder"))
    it(`writes an untouched install's content as exactly the repository's files, on ${place.name}`, async () => {
      const work = mkdtempSync(join(tmpdir(), "content-export-"));
      const { env, drop } = await place.make();
      try {
        const out = join(work, "out");
        const { stdout } = await promisify(execFile)("npx", ["tsx", "scripts/ops/content-export.ts", out], {
          cwd: resolve(__dirname, "..", ".."),
          env: { ...process.env, ...env },
        });
        expect(stdout).toContain(`Wrote ${Object.keys(FIRST_EDITION).length + 1} content files`);
        expect(readContentFiles(out)).toEqual({ ...FIRST_EDITION, "news.yaml": contentFiles["news.yaml"] });
      } finally {
        await drop();
        rmSync(work, { recursive: true, force: true });
      }
    }, 60_000);
});
