import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { COMMUNITY_SLUGS, IDEOLOGY_SECTIONS } from "./catalog";
import { buildSiteContent, listPlaceholders } from "./collections.server";
import { renderMarkdown, RUNTIME_TOKENS } from "./markdown.server";
import { readContentFiles } from "./read-files.server";

const files = readContentFiles(join(__dirname));
const content = buildSiteContent(files);

describe("the site's content files", () => {
  it("hold all 22 communities and 10 ideology articles in menu order", () => {
    expect(content.communities.map((c) => c.slug)).toEqual([...COMMUNITY_SLUGS]);
    expect(content.ideology.map((a) => a.section)).toEqual([...IDEOLOGY_SECTIONS]);
  });

  it("label the christians page Christians (Various) and every article but the first 'Same Playbook: …'", () => {
    expect(content.communities.find((c) => c.slug === "christians")?.menuLabel).toBe("Christians (Various)");
    const [first, ...rest] = content.ideology;
    expect(first?.title).toBe("Same Ideology, Same Playbook");
    for (const a of rest) expect(a.title).toMatch(/^Same Playbook: \S/);
    expect(content.ideology.find((a) => a.section === "subjugation-erasure")?.title).toBe("Same Playbook: Subjugation and Erasure");
  });

  it("hold 14 directors on the board, the four officer records, and 12 advisors", () => {
    expect(content.directors.filter((d) => d.listed)).toHaveLength(14);
    expect(
      content.directors
        .filter((d) => !d.listed)
        .map((d) => d.title)
        .sort(),
    ).toEqual(["Chairman", "Secretary", "Treasurer", "Vice Chairman"]);
    expect(content.advisors).toHaveLength(12);
  });

  it("date the legal pages October 20, 2025, and fill in the organisation's name", () => {
    for (const page of Object.values(content.legal)) {
      expect(page.lastUpdated).toBe("2025-10-20");
      expect(page.bodyHtml).toContain(content.site.organization.name);
      expect(page.bodyHtml.replace(new RegExp(`\\{\\{(${RUNTIME_TOKENS.join("|")})\\}\\}`, "g"), "")).not.toContain("{{");
    }
  });

  it('cover every topic the privacy policy and terms must (docs/product.md, "Privacy policy and terms of use")', () => {
    const privacy = content.legal["privacy-policy"].bodyHtml;
    for (const h of ["Information We Collect", "How We Use", "Shar", "Choices", "Security", "Changes", "Contact"])
      expect(privacy).toMatch(new RegExp(`<h2>[^<]*${h}`));
    const terms = content.legal["terms-of-use"].bodyHtml;
    for (const h of [
      "Use of the Site",
      "Intellectual Property",
      "Submissions",
      "Third-Party",
      "Disclaimer",
      "Donations",
      "Governing Law",
      "Changes",
      "Contact",
    ])
      expect(terms).toMatch(new RegExp(`<h2>[^<]*${h}`));
    expect(terms).toContain("California");
  });

  it("seed three news items for every community but Sikhs, some shared between communities", () => {
    const counts = new Map<string, number>();
    for (const item of content.news) for (const slug of item.communities) counts.set(slug, (counts.get(slug) ?? 0) + 1);
    for (const slug of COMMUNITY_SLUGS.filter((s) => s !== "sikhs")) expect(counts.get(slug), slug).toBeGreaterThanOrEqual(3);
    expect(counts.get("sikhs")).toBeUndefined();
    expect(content.news.some((item) => item.communities.length > 1)).toBe(true);
    for (const item of content.news) expect(item.originalUrl).toMatch(/^https:\/\//);
  });

  it("list what the organisation must still supply", () => {
    const list = listPlaceholders(content);
    expect(list).toContain(`site.yaml: organization name (${content.site.organization.name})`);
    expect(list.some((l) => l.startsWith("partners.yaml:"))).toBe(true);
  });
});

describe("a bad content file", () => {
  const withFile = (path: string, raw: string) => ({ ...files, [path]: raw });

  it("fails with its path and the misspelt field", () => {
    const raw = files["communities/yazidis.md"]!.replace("adjective:", "adjectiv:");
    expect(() => buildSiteContent(withFile("communities/yazidis.md", raw))).toThrow(/communities\/yazidis\.md: .*adjective/);
  });

  it("fails with its path when a required section is missing", () => {
    const raw = files["communities/kurds.md"]!.replace("## Under Attack", "## Under Siege");
    expect(() => buildSiteContent(withFile("communities/kurds.md", raw))).toThrow(/communities\/kurds\.md:/);
  });

  it("fails when a community file is missing", () => {
    const without = { ...files };
    delete without["communities/sikhs.md"];
    expect(() => buildSiteContent(without)).toThrow(/missing community file\(s\): sikhs\.md/);
  });

  it("fails on broken YAML with the file's name", () => {
    expect(() => buildSiteContent(withFile("site.yaml", "organization: [unclosed"))).toThrow(/^site\.yaml: YAML/);
  });
});

describe("renderMarkdown", () => {
  it("keeps the inline HTML content may carry and opens external links in a new tab", () => {
    const html = renderMarkdown("Read <strong>this</strong> and [that](https://example.org/a) or [a page](/communities/copts).");
    expect(html).toContain("<strong>this</strong>");
    expect(html).toContain('<a href="https://example.org/a" target="_blank" rel="noopener noreferrer">that</a>');
    expect(html).toContain('<a href="/communities/copts">a page</a>');
  });

  it("removes scripts, event handlers and javascript: links", () => {
    const html = renderMarkdown('<script>alert(1)</script><img src=x onerror=alert(1)> <a href="#" onclick="alert(1)">y</a>');
    expect(html).not.toMatch(/<script|onerror|onclick|<img/i);
    const link = renderMarkdown("A [link](javascript:alert(1)) and <a href='javascript:alert(2)'>another</a>.");
    expect(link).toContain("link");
    expect(link).not.toMatch(/href="?javascript:/i);
  });
});

describe("settings inside page text (issue 20)", () => {
  it("shows what staff typed as a name literally: no markup, no formatting", async () => {
    const { markdownText } = await import("./markdown.server");
    const html = renderMarkdown(
      `Welcome to ${markdownText('Alliance <img src=x onerror="alert(1)"> & *friends* [x](javascript:alert(1))')}.`,
    );
    expect(html).toBe('<p>Welcome to Alliance &lt;img src=x onerror="alert(1)"&gt; &amp; *friends* [x](javascript:alert(1)).</p>\n');
  });
});
