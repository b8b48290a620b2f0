import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { buildSiteContent, reviewProblems } from "./collections.server";
import { readContentFiles } from "./read-files.server";
import { sourceSchema } from "./schemas";

const root = resolve(__dirname, "..", "..");
const run = promisify(execFile);

/** A copy of app/content with the front matter of communities/yazidis.md changed by `edit`. */
function contentWithYazidis(edit: (frontMatter: string) => string): string {
  const dir = mkdtempSync(join(tmpdir(), "content-"));
  cpSync(__dirname, dir, { recursive: true });
  const file = join(dir, "communities", "yazidis.md");
  const [, frontMatter, ...body] = readFileSync(file, "utf8").split(/^---$/m);
  writeFileSync(file, `---${edit(frontMatter!)}---${body.join("---")}`);
  return dir;
}
const withoutSources = (fm: string) => fm.replace(/^sources:\n(?:[ -].*\n)*/m, "").replace(/^lastReviewed:.*\n/m, "");

describe("sources and review dates (issue 12)", () => {
  it("accept only an https URL, a real date, a publisher and a title", () => {
    const good = { publisher: "Human Rights Watch", title: "A report", date: "2024-02-29", url: "https://www.hrw.org/report" };
    expect(sourceSchema.safeParse(good).success).toBe(true);
    for (const bad of [
      { ...good, url: "http://www.hrw.org/report" },
      { ...good, url: "javascript:alert(1)" },
      { ...good, url: "/relative" },
      { ...good, date: "2023-02-29" },
      { ...good, date: "March 2024" },
      { ...good, publisher: " " },
      { ...good, title: "" },
    ]) {
      expect(sourceSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it("name a page without sources or review date, and a review older than twelve months", () => {
    const stripped = buildSiteContent(readContentFiles(contentWithYazidis(withoutSources)));
    const { missing } = reviewProblems(stripped);
    expect(missing).toEqual(
      expect.arrayContaining(["communities/yazidis.md: 0 source(s), needs at least 3", "communities/yazidis.md: no lastReviewed date"]),
    );
    const old = buildSiteContent(readContentFiles(contentWithYazidis((fm) => `${withoutSources(fm)}lastReviewed: 2020-01-01\n`)));
    expect(reviewProblems(old).stale).toContain("communities/yazidis.md: last reviewed 2020-01-01");
  });

  it("make `npm run content:check` fail on a page without sources", async () => {
    const dir = contentWithYazidis(withoutSources);
    const failure = await run(process.execPath, [
      join(root, "node_modules", "tsx", "dist", "cli.mjs"),
      join(root, "scripts", "ops", "content-check.ts"),
      dir,
    ]).catch((err: { code: number; stdout: string }) => err);
    expect("code" in failure ? failure.code : 0).toBe(1);
    expect(failure.stdout).toContain("communities/yazidis.md: 0 source(s), needs at least 3");
  });

  it("make `npm run content:check` warn about a feed copy without failing", async () => {
    const feedCopy = "  - publisher: BBC News\n    title: A report\n    date: 2024-01-01\n    url: https://feeds.bbci.co.uk/news/world-1\n";
    const dir = contentWithYazidis((fm) => fm.replace(/^sources:\n/m, `sources:\n${feedCopy}`));
    const { stdout } = await run(process.execPath, [
      join(root, "node_modules", "tsx", "dist", "cli.mjs"),
      join(root, "scripts", "ops", "content-check.ts"),
      dir,
    ]);
    expect(stdout).toContain("communities/yazidis.md: https://feeds.bbci.co.uk/news/world-1: a feed host");
  });
});
