import { createHash } from "node:crypto";
import { request } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnServer, startBuiltServer } from "../helpers/built-server";
import { spawnServerWithInboxKey } from "../helpers/inbox-key";
import { ROUTE_EXAMPLES, SITEMAP_LANGUAGES, sitemapPaths } from "../helpers/pages";
import { buildSiteContent } from "../../app/content/collections.server";
import { readContentFiles } from "../../app/content/read-files.server";
import { LANGUAGES, languageOfPath } from "../../app/i18n/languages";
import arabic from "../../app/i18n/messages/ar.json";

/** A made-up v3 onion address (56 base32 characters). */
const ONION = `http://${"a".repeat(50)}234567.onion`;
let server: Awaited<ReturnType<typeof startBuiltServer>>;
beforeAll(async () => {
  server = await startBuiltServer({ SITE_URL: "https://alliance.example", ONION_URL: ONION });
});
afterAll(() => server?.close());

/** The raw status, headers and bytes, without fetch's decompression or its own conditional-request rules. */
function raw(
  path: string,
  headers: Record<string, string> = {},
  method = "GET",
): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(`${server.url}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on("error", reject)
      .end();
  });
}
const rawGet = (path: string, headers: Record<string, string>) => raw(path, headers);

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers, redirect: "manual" });

const PAGES = ROUTE_EXAMPLES;

describe("every route of the route table", () => {
  it.each(PAGES)("%s answers 200 with HTML", async (path) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await res.text()).toContain('<main id="main"');
  });

  it.each([
    ["/no-such-page", "Oops! Page not found"],
    ["/communities/atlantis", "Community Not Found"],
    ["/ideology/unknown-section", "Section Not Found"],
    ["/team/director/nobody", "Director Not Found"],
    ["/team/advisor/nobody", "Advisor Not Found"],
  ])("unknown %s answers 404 with its not-found view", async (path, text) => {
    const res = await get(path);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain(text);
  });
});

const content = buildSiteContent(readContentFiles(`${__dirname}/../../app/content`));
const VERIFIABLE_PAGES = [
  ...content.communities.map((c) => ({ path: `/communities/${c.slug}`, sources: c.sources, lastReviewed: c.lastReviewed })),
  ...content.ideology.map((a) => ({ path: `/ideology/${a.section}`, sources: a.sources, lastReviewed: a.lastReviewed })),
];

describe("sources and review dates (issue 12)", () => {
  it("cover all 22 community pages and 10 articles", () => {
    expect(VERIFIABLE_PAGES).toHaveLength(32);
  });

  it.each(VERIFIABLE_PAGES)(
    "$path lists its sources as external links that say they open a new tab",
    async ({ path, sources, lastReviewed }) => {
      const html = await (await get(path)).text();
      const section = /<section aria-labelledby="sources"[^]*?<\/section>/.exec(html)?.[0] ?? "";
      const links = [...section.matchAll(/<a ([^>]*)>([^]*?)<\/a>/g)];
      expect(links.length).toBeGreaterThanOrEqual(3);
      expect(links.map(([, attrs]) => /href="([^"]+)"/.exec(attrs!)?.[1]?.replaceAll("&amp;", "&"))).toEqual(sources.map((s) => s.url));
      for (const [, attrs, text] of links) {
        expect(attrs).toContain('target="_blank"');
        expect(attrs).toContain('rel="noopener noreferrer"');
        expect(text).toContain('<span class="sr-only"> (opens in a new tab)</span>');
      }
      expect(html).toContain(`Last reviewed <time dateTime="${lastReviewed}"`);
      expect(html).toContain(`"dateModified":"${lastReviewed}"`);
    },
  );
});

const scriptTags = (html: string) => html.match(/<script\b[^>]*>/g) ?? [];
const sha256 = (text: string) => createHash("sha256").update(text).digest("base64");

describe("security headers", () => {
  it("a content page carries no nonce: its CSP allows 'self' and the hash of each inline script, the same for every visitor", async () => {
    const [a, b] = await Promise.all([get("/communities/yazidis"), get("/communities/yazidis")]);
    const csp = a.headers.get("content-security-policy")!;
    expect(b.headers.get("content-security-policy")).toBe(csp);
    expect(csp).not.toContain("nonce-");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    const html = await a.text();
    expect(html).not.toContain("nonce=");
    const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([^]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline.length).toBeGreaterThan(0); // the page's JSON-LD
    for (const text of inline) expect(csp).toContain(`'sha256-${sha256(text)}'`);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("upgrade-insecure-requests");
  });

  it("no answer a cache may keep carries a nonce: every page in the sitemap, the feeds, the sitemap and robots.txt", async () => {
    const paths = sitemapPaths(await (await get("/sitemap.xml")).text());
    expect(paths.length).toBeGreaterThan(80);
    let shared = 0;
    for (const path of [...paths, "/sitemap.xml", "/robots.txt", "/news.xml", "/communities/druze/news.xml"]) {
      const res = await get(path);
      if (!res.headers.get("cache-control")?.startsWith("public")) continue;
      shared++;
      expect(res.headers.get("content-security-policy"), path).not.toContain("nonce-");
      expect(await res.text(), path).not.toContain("nonce=");
    }
    // All but the two forms, in each language read, plus the four other files.
    const forms = paths.filter((path) => ["/join-us", "/contact"].includes(languageOfPath(path).path));
    expect(forms.length).toBe(2 * SITEMAP_LANGUAGES.length);
    expect(shared).toBe(paths.length - forms.length + 4);
  });

  it("a page rendered per request (a form) gets a fresh nonce that matches its scripts, and is private, no-store", async () => {
    const [a, b] = await Promise.all([get("/contact"), get("/contact")]);
    const csp = a.headers.get("content-security-policy")!;
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(b.headers.get("content-security-policy")).not.toContain(nonce);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(a.headers.get("cache-control")).toBe("private, no-store");
    expect(a.headers.get("x-render-cache")).toBeNull();
    const html = await a.text();
    for (const tag of scriptTags(html)) {
      if (!tag.includes("application/ld+json")) expect(tag).toContain(`nonce="${nonce}"`);
    }
  });

  it("send nosniff, Referrer-Policy, Permissions-Policy and HSTS, and hide the framework", async () => {
    const res = await get("/about");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("same-origin");
    expect(res.headers.get("permissions-policy")).toContain("camera=()");
    expect(res.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    expect(res.headers.get("x-powered-by")).toBeNull();
  });
});

describe("a content security policy per kind of page (issue 23)", () => {
  /** The other sites a policy names, by directive. */
  const hostsIn = (csp: string, directive: string) =>
    (new RegExp(`(?:^|;)${directive} ([^;]*)`).exec(csp)?.[1] ?? "").split(" ").filter((s) => s.startsWith("https://"));
  /** What a page's markup would load from another site once a visitor allows its embeds (templates included). */
  const usedBy = (html: string) => ({
    frames: new Set([...html.matchAll(/<iframe\b[^>]*\ssrc="(https:\/\/[^"/]+)/g)].map((m) => m[1]!)),
    scripts: new Set([...html.matchAll(/(?:<script\b[^>]*\ssrc|data-embed-script)="(https:\/\/[^"/]+)/g)].map((m) => m[1]!)),
  });

  it("every public page allows exactly the embeds it holds, and no other site", async () => {
    const sitemap = await (await get("/sitemap.xml")).text();
    const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    let withEmbeds = 0;
    for (const path of [...paths, "/contact", "/join-us", "/search?q=yazidi", "/no-such-page"]) {
      const res = await get(path);
      const csp = res.headers.get("content-security-policy")!;
      const used = usedBy(await res.text());
      const [scripts, frames] = [hostsIn(csp, "script-src"), hostsIn(csp, "frame-src")];
      // Everything the page holds can load once allowed…
      for (const origin of used.scripts) expect(scripts, `${path}: script ${origin}`).toContain(origin);
      for (const origin of used.frames) expect(frames, `${path}: frame ${origin}`).toContain(origin);
      // …and nothing the page does not hold: a script only if the page names it, a frame only if the page or one
      // of its scripts opens it (X's widgets open syndication.twitter.com).
      for (const origin of scripts) expect(used.scripts, `${path}: allows script ${origin}`).toContain(origin);
      const opened = used.scripts.has("https://platform.twitter.com")
        ? ["https://syndication.twitter.com", "https://platform.twitter.com"]
        : [];
      for (const origin of frames)
        expect([...used.frames, ...used.scripts, ...opened], `${path}: allows frame ${origin}`).toContain(origin);
      if (used.frames.size + used.scripts.size === 0) expect(csp, path).toContain("frame-src 'none'");
      else withEmbeds++;
    }
    // The home page's video, the donation widget, the articles' posts: the check saw real embeds.
    expect(withEmbeds).toBeGreaterThanOrEqual(3);
    expect(hostsIn((await get("/donate")).headers.get("content-security-policy")!, "frame-src")).toContain("https://donorbox.org");
    expect(hostsIn((await get("/about")).headers.get("content-security-policy")!, "script-src")).toEqual([]);
  });

  it("the staff area allows its own scripts and its nonce only: no other site", async () => {
    for (const path of ["/admin/login", "/admin", "/admin/login/code", "/admin/no-such-page"]) {
      const csp = (await get(path)).headers.get("content-security-policy")!;
      expect(csp, path).toMatch(/script-src 'self' 'nonce-[^']+'(;|$)/);
      expect(csp, path).toContain("frame-src 'none'");
      expect(csp, path).not.toContain("https://");
    }
  });
});

describe("Onion-Location (ONION_URL, issue 23)", () => {
  it("names the same path and query on the onion service, on kept pages and on pages rendered per request alike", async () => {
    await get("/communities/yazidis");
    const kept = await get("/communities/yazidis");
    expect(kept.headers.get("x-render-cache")).toBe("hit");
    expect(kept.headers.get("onion-location")).toBe(`${ONION}/communities/yazidis`);
    const rendered = await get("/contact");
    expect(rendered.headers.get("x-render-cache")).toBeNull();
    expect(rendered.headers.get("onion-location")).toBe(`${ONION}/contact`);
    const search = await get("/search?q=ezidi&type=community");
    expect(search.headers.get("onion-location")).toBe(`${ONION}/search?q=ezidi&type=community`);
    expect((await get("/no-such-page")).headers.get("onion-location")).toBe(`${ONION}/no-such-page`);
    expect((await get("/admin/login")).headers.get("onion-location")).toBe(`${ONION}/admin/login`);
    // Only HTML: Tor Browser reads it there, and nowhere else.
    for (const path of ["/news.xml", "/robots.txt", "/sitemap.xml"])
      expect((await get(path)).headers.get("onion-location"), path).toBeNull();
  });

  it("the privacy policy states the onion address as text, not as a link", async () => {
    const html = await (await get("/privacy-policy")).text();
    const address = new URL(ONION).host;
    expect(html).toContain(`<span class="break-all font-mono">${address}</span>`);
    expect(html).not.toMatch(new RegExp(`<a [^>]*${address}`));
    expect(await (await get("/terms-of-use")).text()).not.toContain(address);
  });
});

describe("the render cache", () => {
  it("renders a content page once, then answers from memory with the same bytes, ETag and headers", async () => {
    const first = await rawGet("/ideology/same-ideology", { "accept-encoding": "br" });
    const second = await rawGet("/ideology/same-ideology", { "accept-encoding": "br" });
    expect(second.headers["x-render-cache"]).toBe("hit");
    expect(second.body.equals(first.body)).toBe(true);
    for (const name of ["etag", "content-security-policy", "cache-control", "content-type", "vary", "strict-transport-security"]) {
      expect(second.headers[name]).toBe(first.headers[name]);
    }
    expect(second.headers.etag).toMatch(/^W\/"[\w-]+"$/);
  });

  it("answers If-None-Match with 304, and HEAD with the page's headers and no body", async () => {
    const etag = (await get("/about")).headers.get("etag")!;
    const revalidated = await raw("/about", { "if-none-match": etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    expect((await raw("/about", { "if-none-match": 'W/"something-else"' })).status).toBe(200);
    const head = await raw("/about", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.etag).toBe(etag);
    expect(head.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(head.body.length).toBe(0);
  });

  it("keeps only a page's canonical address: another spelling or a made-up query is rendered each time, a 404 never kept", async () => {
    for (const path of ["/about?utm_source=newsletter", "/about?page=7"]) {
      const [a, b] = [await get(path), await get(path)];
      expect(a.status).toBe(200);
      expect([a.headers.get("x-render-cache"), b.headers.get("x-render-cache")]).toEqual(["miss", "miss"]);
      expect(b.headers.get("content-security-policy")).not.toContain("nonce-");
    }
    for (let i = 0; i < 2; i++) {
      const missing = await get("/made-up-page-42");
      expect(missing.status).toBe(404);
      expect(missing.headers.get("x-render-cache")).toBeNull();
      expect(missing.headers.get("cache-control")).toBe("private, no-store");
    }
  });

  it("never keeps the staff area or a form page", async () => {
    for (const path of ["/admin/login", "/contact", "/join-us"]) {
      await get(path);
      const res = await get(path);
      expect(res.headers.get("x-render-cache")).toBeNull();
      expect(res.headers.get("cache-control")).toMatch(/no-store/);
    }
  });
});

describe("compression and caching", () => {
  it("compresses HTML with brotli or gzip, as the browser asks", async () => {
    const br = await rawGet("/about", { "accept-encoding": "br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.body).toString()).toContain("Our Mission");
    const gz = await rawGet("/about", { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toContain("Our Mission");
  });

  it("cache hashed assets for a year, immutable, with no validators to revalidate by, and HTML only briefly", async () => {
    const html = await (await get("/")).text();
    const asset = /\/assets\/[^"]+\.(?:css|js)/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const res = await get(asset!);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect([res.headers.get("etag"), res.headers.get("last-modified"), res.headers.get("accept-ranges")]).toEqual([null, null, null]);
    const image = /\/images\/generated\/[^" ]+\.avif/.exec(html)?.[0];
    expect((await get(image!)).headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const page = await get("/");
    expect(page.headers.get("cache-control")).toBe("public, no-cache");
    expect((await get("/nope")).headers.get("cache-control")).toBe("private, no-store");
  });

  it("answer 404 for a missing asset instead of rendering a page", async () => {
    expect((await get("/assets/missing-123.js")).status).toBe(404);
    // Uploaded photographs are served by hash from the media store (decision 008); an unknown one is a plain 404.
    const media = await get(`/media/${"0".repeat(64)}.webp`);
    expect([media.status, media.headers.get("content-type"), await media.text()]).toEqual([404, "text/plain; charset=utf-8", "Not found"]);
  });
});

describe("health and robots", () => {
  it("GET /healthz checks the database", async () => {
    const res = await get("/healthz");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", database: "pglite" });
  });

  it("robots.txt allows the site and points at the sitemap on SITE_URL", async () => {
    const text = await (await get("/robots.txt")).text();
    expect(text).toContain("Allow: /");
    expect(text).toContain("Sitemap: https://alliance.example/sitemap.xml");
    expect(text).toContain("Disallow: /admin\n");
  });
});

describe("the server process", () => {
  it("refuses to start on a bad setting, naming the variable", async () => {
    const err = (await spawnServer({ EMBEDS: "always" }).catch((e) => e)) as { output: string; code: number };
    expect(err.code).toBe(1);
    expect(err.output).toContain("EMBEDS:");
  });

  it("logs requests without query strings or addresses", async () => {
    const before = server.output().length;
    await (await fetch(`${server.url}/about?email=secret.person@example.org`)).text();
    await expect.poll(() => server.output().slice(before)).toContain('"path":"/about"');
    const out = server.output();
    expect(out).not.toContain("secret.person");
    expect(out).not.toContain('127.0.0.1"');
  });

  it("on SIGTERM first drains: /readyz answers 503 at once, pages are still served (asking clients to reconnect), then it exits 0", async () => {
    // Long enough for the requests below on a busy machine; the log says when draining began and ended.
    const child = await spawnServer({ SHUTDOWN_DRAIN_MS: "8000" });
    expect((await fetch(`${child.url}/readyz`)).status).toBe(200);
    child.child.kill("SIGTERM");
    await expect.poll(async () => (await fetch(`${child.url}/readyz`)).status).toBe(503);
    const page = await new Promise<{ status: number; connection: string | undefined }>((resolve, reject) =>
      request(`${child.url}/about`, (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode!, connection: res.headers.connection }));
      })
        .on("error", reject)
        .end(),
    );
    expect(page).toEqual({ status: 200, connection: "close" });
    expect(child.output()).not.toContain('"msg":"stopped"');
    expect(await child.exited).toBe(0);
    const out = child.output();
    expect(out.indexOf('"msg":"draining: not ready, still serving","ms":8000')).toBeGreaterThan(-1);
    expect(out.indexOf('"msg":"shutting down')).toBeGreaterThan(out.indexOf('"msg":"draining'));
  });

  it("finishes in-flight requests on SIGTERM, then exits 0", async () => {
    const child = await spawnServerWithInboxKey();
    const body = JSON.stringify({
      name: "Slow Upload",
      email: "slow@example.org",
      subject: "Shutdown",
      message: "Sent while the server stops",
      agree_to_terms: true,
    });
    // A submission whose body is still arriving when SIGTERM comes: certainly in flight.
    const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        `${child.url}/api/submit-contact-form`,
        { method: "POST", headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) } },
        (res) => {
          let text = "";
          res.on("data", (c) => (text += c));
          res.on("end", () => resolve({ status: res.statusCode!, text }));
        },
      );
      req.on("error", reject);
      req.write(body.slice(0, 20));
      setTimeout(() => {
        child.child.kill("SIGTERM");
        setTimeout(() => req.end(body.slice(20)), 300);
      }, 300);
    });
    const { status, text } = await answered;
    expect(status).toBe(201);
    expect(JSON.parse(text).id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await child.exited).toBe(0);
    expect(Number(/"inFlight":(\d+)/.exec(child.output())?.[1])).toBe(1);
    expect(child.output()).toContain('"msg":"stopped"');
  });
});

describe("addresses in other languages (issue 34)", () => {
  const htmlTag = async (path: string) => /<html[^>]*>/.exec(await (await get(path)).text())?.[0];

  it("serves every page under each language's prefix, its interface in that language and the English text marked as English", async () => {
    const res = await get("/ar/communities/yazidis");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<html lang="ar" dir="rtl"/);
    expect(html).toMatch(/<main [^>]*lang="en" dir="ltr"/);
    expect(html).toContain("هذه الصفحة غير مترجمة إلى العربية بعد");
    // Menu titles from English content are read, and laid out, as English.
    expect(html).toContain(
      '<a href="/ar/communities/christians" class="menu-link"><span lang="en" dir="ltr">Christians (Various)</span></a>',
    );
    // Not translated: the English page is the canonical one, and the only alternate besides x-default.
    expect(html).toContain('<link rel="canonical" href="https://alliance.example/communities/yazidis"/>');
    expect(html).toContain('hrefLang="x-default" href="https://alliance.example/communities/yazidis"');
    expect(html).not.toContain('rel="alternate" hrefLang="ar"');
    expect(await htmlTag("/ku/about")).toMatch(/lang="ku" dir="ltr"/);
    expect(await htmlTag("/fa/contact")).toMatch(/lang="fa" dir="rtl"/);
  });

  it("a form page asks first for its words: its script's fonts with the page, its modules only from its own script", async () => {
    const persian = await (await get("/fa/contact")).text();
    expect(persian).toMatch(/<link rel="preload" href="\/assets\/vazirmatn-arabic-400-normal-[\w-]+\.woff2" as="font" type="font\/woff2"/);
    expect(persian).not.toContain('rel="modulepreload"');
    expect(persian).toMatch(/import\("\/assets\/entry\.client-[\w-]+\.js"\)/);
    const french = await (await get("/fr/contact")).text();
    expect(french).not.toContain("vazirmatn");
  });

  it("keeps English at its own addresses, and sends /en/… there for good", async () => {
    expect(await htmlTag("/about")).toMatch(/lang="en" dir="ltr"/);
    const res = await get("/en/about?x=1");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/about?x=1");
    expect((await get("/ar")).headers.get("location")).toBe("/ar/");
  });

  it("answers an unknown prefix, and an unknown page in a language, with 404", async () => {
    expect((await get("/xx/about")).status).toBe(404);
    const res = await get("/ar/no-such-page");
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("عذرًا، الصفحة غير موجودة");
  });

  it("says the pages' own words in the page's language, its numbers in the language's digits and its plurals by its rules", async () => {
    // An untranslated page: its interface words are marked back as Arabic inside the English <main>.
    const about = await (await get("/ar/about")).text();
    expect(about).toMatch(/<main [^>]*lang="en" dir="ltr".*<h2 id="mission" [^>]*lang="ar" dir="rtl">مهمّتنا<\/h2>/);
    // A board is in every language: its words are Arabic, its people's English until translated.
    const board = await (await get("/ar/team/board-of-directors")).text();
    expect(board).toMatch(/<div class="bg-navy-900 text-white">.*فريقنا.*<h1[^>]*>مجلس الإدارة<\/h1>/);
    expect(board).toMatch(/<a href="\/ar\/team\/director\/[a-z-]+"/);
    expect(board).toContain('alt="صورة ');
    // A role is interface text: Arabic on a card still in English, marked back.
    expect(board).toMatch(
      /<span class="block p-5" lang="en" dir="ltr"><span[^>]*>Amira Placeholder<\/span><span [^>]*lang="ar" dir="rtl">رئيس مجلس الإدارة<\/span>/,
    );
    const member = await (await get("/ar/team/director/amira-placeholder")).text();
    expect(member).toMatch(
      /<main [^>]*lang="en" dir="ltr".*<h1[^>]*>Amira Placeholder<\/h1><p [^>]*lang="ar" dir="rtl">رئيس مجلس الإدارة<\/p>/,
    );
    expect(member).toContain("<title>Amira Placeholder, رئيس مجلس الإدارة | ");
    // The pages whose words are the interface's are found in every language, at that language's address.
    const contact = await (await get("/ar/search?q=" + encodeURIComponent("اتصل"))).text();
    expect(contact).toContain('href="/ar/contact"');
    // So are the lists: the board of advisors by its Arabic title, a result leading to its Arabic address.
    const advisors = await (await get("/ar/search?q=" + encodeURIComponent(arabic["nav.boardOfAdvisors"]))).text();
    expect(advisors).toContain('<bdi dir="ltr">/ar/team/board-of-advisors</bdi>');
    const persian = await (await get("/fa/search?q=ISIS")).text();
    expect(persian).toContain("<title>نتایج جست‌وجو برای «ISIS» | ");
    expect(persian).toMatch(/>[۰-۹]+ نتیجه برای <q><bdi>ISIS<\/bdi><\/q>، نمایش ۱ تا ۱۰</);
    expect(persian).toContain('href="/fa/search?q=ISIS&amp;page=2"');
    const french = await (await get("/fr/search?q=xqzvwk")).text();
    expect(french).toContain(">Aucun résultat pour <q><bdi>xqzvwk</bdi></q><");
    expect(french).toContain('href="/fr/communities/druze"');
    const missing = await get("/ar/team/director/nobody");
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<a href="/ar/team/board-of-directors" class="btn-primary">العودة إلى مجلس الإدارة</a>');
  });

  it.each([
    ["/ar/communities", "/communities", /<a href="\/ar\/communities\/druze" class="[^"]*" lang="en" dir="ltr"><span[^>]*>Druze<\/span>/],
    [
      "/ar/team/board-of-directors",
      "/team/board-of-directors",
      /<span class="block p-5" lang="en" dir="ltr"><span[^>]*>Amira Placeholder</,
    ],
    [
      "/ar/communities/yazidis/news",
      "/communities/yazidis/news",
      /<h1[^>]*>أخبار عن <bdi lang="en" dir="ltr">Yazidis<\/bdi><\/h1>.*<h2 [^>]*dir="ltr" lang="en">UNITAD/,
    ],
    ["/ar/partners", "/partners", /<h2 [^>]*lang="en" dir="ltr">Placeholder Partner One<\/h2><p [^>]*lang="en" dir="ltr">A fictional/],
  ])(
    "%s, a list of documents, is in Arabic with its English items marked, its own canonical address and every language's",
    async (address, english, item) => {
      const html = await (await get(address)).text();
      expect(html).toMatch(/<html lang="ar" dir="rtl"/);
      expect(html).toContain('<main id="main" tabindex="-1" class="flex-1 focus:outline-none">');
      expect(html).not.toContain("هذه الصفحة غير مترجمة إلى العربية بعد");
      expect(html).toMatch(item);
      expect(html).toContain(`<link rel="canonical" href="https://alliance.example${address}"/>`);
      for (const { code } of LANGUAGES)
        expect(html).toContain(
          `<link rel="alternate" hrefLang="${code}" href="https://alliance.example${code === "en" ? "" : `/${code}`}${english}"/>`,
        );
      expect(html).toContain(`<link rel="alternate" hrefLang="x-default" href="https://alliance.example${english}"/>`);
      // Its English address marks nothing.
      expect(await (await get(english)).text()).not.toMatch(/<main[^]*lang="en" dir="ltr"[^]*<\/main>/);
    },
  );

  it("links a community's news in another language to that language's feed, on the page and in its head", async () => {
    const html = await (await get("/ar/communities/yazidis/news")).text();
    expect(html).toMatch(/<a href="\/ar\/communities\/yazidis\/news\.xml" class="underline">/);
    expect(html).toMatch(/<link rel="alternate" type="application\/atom\+xml" href="\/ar\/communities\/yazidis\/news\.xml"/);
    const feed = await get("/ar/communities/yazidis/news.xml");
    expect(feed.status).toBe(200);
    expect(await feed.text()).toContain('xml:lang="ar"');
  });

  it("keeps a page in another language in memory like an English one", async () => {
    await get("/fr/about");
    expect((await get("/fr/about")).headers.get("x-render-cache")).toBe("hit");
    await get("/fr/about?utm=1");
    expect((await get("/fr/about?utm=1")).headers.get("x-render-cache")).toBe("miss");
  });
});
