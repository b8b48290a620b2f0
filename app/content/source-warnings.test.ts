import { describe, expect, it } from "vitest";
import { addressWarning, sourceWarnings } from "./source-warnings";

describe("content:check's source warnings (issue 19)", () => {
  it("flags AMP copies, whether the host, a path segment or the page name says so", () => {
    for (const url of [
      "https://www.newindianexpress.com/amp/story/world/2018/Jul/02/attack-1836932.html",
      "https://philstar.com/world/2023/10/12/2303168/what-we-know/amp",
      "https://www.thehindu.com/news/international/attack/article65539282.ece/amp/",
      "https://rudaw.net/english/middleeast/iraq/150720231-amp",
      "https://amp.example.com/news/story",
    ]) {
      expect(addressWarning(url), url).toMatch(/^an AMP copy/);
    }
  });

  it("flags feed hosts, known mirrors and aggregators, naming what to cite instead", () => {
    expect(addressWarning("https://feeds.bbci.co.uk/news/world-middle-east-28381455")).toMatch(/^a feed host/);
    expect(addressWarning("https://rss.globenewswire.com/news-release/2018/12/21/1677630/0/en/x.html")).toMatch(/^a feed host/);
    expect(addressWarning("https://un.dk/clear-and-convincing-information/")).toMatch(/cite news\.un\.org/);
    expect(addressWarning("https://www.newsbytesapp.com/news/india/story")).toMatch(/aggregator's rewrite/);
    expect(addressWarning("https://www.msn.com/en-us/news/world/story/ar-AA1")).toMatch(/aggregator/);
    expect(addressWarning("https://studylib.net/doc/15620903/a-general-assembly--report")).toMatch(/^a document mirror/);
  });

  it("flags a retired address with the publisher's address now (issue 33)", () => {
    expect(addressWarning("https://in.reuters.com/article/egypt-security/story-idINKBN1DP0C6")).toMatch(
      /^a retired address \(Reuters's India edition.*cite the page at reuters\.com$/,
    );
    expect(addressWarning("https://www.thenational.ae/world/2019/story")).toMatch(/cite the page at thenationalnews\.com$/);
    expect(addressWarning("https://www.reuters.com/world/story-2024-01-01/")).toBeNull();
  });

  it("flags an agency's story on a host that carries the feeds as they come, but not that host's own reporting (issue 33)", () => {
    const hamodia = "https://hamodia.com/2018/11/08/state-media-syrian-army-rescues-islamic-state-hostages/";
    expect(addressWarning(hamodia, "Hamodia (Reuters)")).toBe(
      "Reuters's story on a host that reposts agency stories behind a paywall: cite it at reuters.com, or a newspaper's own edition",
    );
    expect(addressWarning("https://krdo.com/news/2023/06/24/story/", "KRDO (The Associated Press)")).toMatch(/cite it at apnews\.com/);
    expect(addressWarning("https://www.ndtv.com/world-news/story-3056318", "NDTV (AFP)")).toMatch(/cite it at afp\.com/);
    expect(addressWarning(hamodia, "Hamodia")).toBeNull();
    // A newspaper that publishes the story under its own name, with the agency credited, is a fine source.
    expect(addressWarning("https://www.dawn.com/news/1234567", "Dawn (AFP)")).toBeNull();
  });

  it("warns about a listed source on its page and a news item by its publisher's credit", () => {
    const sources = [{ url: "https://www.cnbcafrica.com/2021/insurgency/", date: "2021-06-24", publisher: "CNBC Africa (Reuters)" }];
    expect(sourceWarnings([{ path: "communities/x.md", text: "", sources }])).toEqual([
      "communities/x.md: https://www.cnbcafrica.com/2021/insurgency/: Reuters's story on a host that carries Reuters's feed as it comes: cite it at reuters.com, or a newspaper's own edition",
    ]);
  });

  it("flags another language edition's address of a page, but not an English or a plain node address", () => {
    for (const url of ["https://www.hrw.org/ja/node/256479", "https://www.hrw.org/es/node/256298", "https://example.org/pt-br/node/7"]) {
      expect(addressWarning(url), url).toMatch(/^another language edition's address/);
    }
    for (const url of [
      "https://www.hrw.org/reports/2013/10/10/you-can-still-see-their-blood",
      "https://iraq.un.org/en/node/278383",
      "https://www.arabnews.com/node/2523906/middle-east",
    ]) {
      expect(addressWarning(url), url).toBeNull();
    }
  });

  it("flags a query string, except the id parameter of a site whose canonical addresses carry one", () => {
    expect(addressWarning("https://sudantribune.com/?p=290821")).toBe("a query string (p): cite the page's canonical address");
    expect(addressWarning("https://www.hrw.org/news/2024/report?utm_source=x")).toMatch(/\(utm_source\)/);
    expect(addressWarning("https://www.catholicculture.org/news/headlines/index.cfm?storyid=55638")).toBeNull();
    expect(addressWarning("https://abcnews.go.com/International/finds-clear-evidence/story?id=107787501")).toBeNull();
    expect(addressWarning("https://www.catholicculture.org/news/headlines/index.cfm?storyid=55638&utm_medium=rss")).toMatch(
      /\(utm_medium\)/,
    );
  });

  it("passes a publisher's own canonical page", () => {
    for (const url of [
      "https://www.bbc.com/news/world-middle-east-28381455",
      "https://news.un.org/en/story/2024/03/1147217",
      "https://www.hrw.org/report/2024/01/01/example",
      "https://www.example.org/campaign/examples",
    ]) {
      expect(addressWarning(url), url).toBeNull();
    }
  });

  it("flags a page that names a year later than its newest source, but not a later plan or an old history", () => {
    const today = new Date("2026-11-23T00:00:00Z");
    const page = (text: string, ...dates: string[]) => ({
      path: "communities/example.md",
      text,
      sources: dates.map((date) => ({ url: "https://www.hrw.org/report", date })),
    });
    expect(sourceWarnings([page("By 2025 some 2,600 remained missing.", "2019-05-01", "2023-08-03")], today)).toEqual([
      "communities/example.md: names 2025, but its newest source is from 2023: a figure for 2025 needs a source that gives it",
    ]);
    expect(sourceWarnings([page("By 2025 some 2,600 remained missing.", "2019-05-01", "2025-08-03")], today)).toEqual([]);
    expect(sourceWarnings([page("Expelled in 1492; a plan runs to 2030.", "2024-01-01")], today)).toEqual([]);
  });

  it("names the page and the address of each copy", () => {
    const warnings = sourceWarnings([
      { path: "ideology/example.md", text: "", sources: [{ url: "https://feeds.bbci.co.uk/news/x-1", date: "2014-07-21" }] },
    ]);
    expect(warnings).toEqual(["ideology/example.md: https://feeds.bbci.co.uk/news/x-1: a feed host: cite the publisher's canonical page"]);
  });
});
