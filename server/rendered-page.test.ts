import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { inspectRenderedPage } from "./rendered-page";

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("base64");

describe("inspectRenderedPage", () => {
  it("hashes each inline script and style exactly as written, and leaves external scripts out", () => {
    const script = 'window.x = "a &amp; <b>";';
    const style = "body{color:red}";
    const html = `<html><head><style>${style}</style><script type="application/ld+json">{"a":1}</script></head>
      <body><script src="/assets/x.js"></script><script type="module">${script}</script><script type="module">${script}</script></body></html>`;
    expect(inspectRenderedPage(html).inlineCode).toEqual({ scripts: [sha256('{"a":1}'), sha256(script)], styles: [sha256(style)] });
  });

  it("finds no inline code in a page without any", () => {
    expect(inspectRenderedPage('<p>Hello <script src="/a.js"></script></p>').inlineCode).toEqual({ scripts: [], styles: [] });
  });

  it("reads the canonical URL's path and query", () => {
    const head = (href: string) => `<head><link rel="canonical" href="${href}"/></head>`;
    expect(inspectRenderedPage(head("https://alliance.example/communities/copts/news?page=2")).canonicalPath).toBe(
      "/communities/copts/news?page=2",
    );
    expect(inspectRenderedPage(head("https://alliance.example/")).canonicalPath).toBe("/");
    expect(inspectRenderedPage("<head></head>").canonicalPath).toBeNull();
  });
});
