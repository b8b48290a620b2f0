/**
 * A kept page is answered before the Express stack runs (server/render-cache.ts, answerFromCache). Its answer
 * must be the one the full stack gives for the same page: same status, headers and bytes, for every page the
 * cache keeps, in every encoding, for HEAD and for a conditional request. The built server runs in this
 * process, so its Express app can be reached on its own, without the fast path in front of it.
 */
import { languageOfPath } from "../../app/i18n/languages";
import { createServer, request, type Server } from "node:http";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestContext } from "../../app/context.server";
import { SHIPPED } from "../../app/i18n/interface-text.server";
import { action as saveInterfaceText } from "../../app/routes/admin/site-interface-text";
import { enterSession } from "../../app/staff/session.server";
import type { RunningServer } from "../../server/app";
import { startBuiltServerHere } from "../helpers/built-server";
import { SITEMAP_LANGUAGES, sitemapPaths } from "../helpers/pages";
import { STAFF } from "../helpers/routes";

let site: RunningServer;
let expressOnly: Server;
let expressUrl: string;

beforeAll(async () => {
  site = await startBuiltServerHere({ LOG_LEVEL: "warn" });
  expressOnly = createServer(site.app);
  await new Promise<void>((listening) => expressOnly.listen(0, "127.0.0.1", listening));
  const address = expressOnly.address() as { port: number };
  expressUrl = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await new Promise((closed) => expressOnly?.close(closed));
  await site?.close();
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function raw(base: string, path: string, method: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    request(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on("error", reject)
      .end();
  });
}

/** Everything but the clock. */
const comparable = ({ headers: { date: _date, ...headers }, ...answer }: Answer) => ({ ...answer, headers });

describe("the render cache's fast path", () => {
  it("answers every kept page exactly as the full Express stack does: each encoding, HEAD and 304", async () => {
    const paths = sitemapPaths(await (await fetch(`${site.url}/sitemap.xml`)).text());
    expect(paths.length).toBeGreaterThan(80);
    const kept: string[] = [];
    for (const path of paths) {
      const first = await raw(site.url, path, "GET", { "accept-encoding": "gzip" });
      // The form pages are in the sitemap too, but rendered for each visitor and never kept.
      if (first.headers["x-render-cache"] !== "miss") continue;
      kept.push(path);
      const etag = String(first.headers.etag);
      const variants: [string, Record<string, string>][] = [
        ["GET", { "accept-encoding": "br, gzip" }],
        ["GET", { "accept-encoding": "gzip" }],
        ["GET", {}],
        ["HEAD", { "accept-encoding": "br" }],
        ["GET", { "accept-encoding": "gzip", "if-none-match": etag }],
      ];
      const answers = await Promise.all(
        variants.map(([method, headers]) => Promise.all([raw(site.url, path, method, headers), raw(expressUrl, path, method, headers)])),
      );
      for (const [i, [fast, full]] of answers.entries()) {
        const [method, headers] = variants[i]!;
        expect(fast.headers["x-render-cache"], `${method} ${path}`).toBe("hit");
        expect(comparable(fast), `${method} ${path} ${JSON.stringify(headers)}`).toEqual(comparable(full));
      }
      // The uncompressed page is made from the gzip bytes when asked for: the page's HTML itself.
      expect(answers[2]![0].body.equals(gunzipSync(first.body)), path).toBe(true);
      expect(answers[2]![0].body.subarray(0, 15).toString(), path).toBe("<!DOCTYPE html>");
    }
    // The two forms, in each language read, are the pages not kept.
    expect(paths.filter((path) => !kept.includes(path)).map((path) => languageOfPath(path).path)).toEqual(
      expect.arrayContaining(["/join-us", "/contact"]),
    );
    expect(kept.length).toBe(paths.length - 2 * SITEMAP_LANGUAGES.length);
  });

  it("leaves what is not kept to Express: a form page, the staff area, a made-up query", async () => {
    for (const path of ["/contact", "/admin/login", "/about?utm_source=x"]) {
      await raw(site.url, path, "GET", {});
      const again = await raw(site.url, path, "GET", {});
      expect(again.headers["x-render-cache"], path).not.toBe("hit");
    }
  });

  it("sends no Onion-Location without ONION_URL, kept or not", async () => {
    for (const path of ["/about", "/about", "/contact", "/privacy-policy"]) {
      expect((await raw(site.url, path, "GET", {})).headers["onion-location"], path).toBeUndefined();
    }
    expect(await (await fetch(`${site.url}/privacy-policy`)).text()).not.toContain(".onion");
  });
});

describe("a staff correction of the interface text (issue 34)", () => {
  /** The Interface text page's action, as the staff area calls it, on this server's services. */
  async function correct(language: string, fields: Record<string, string>) {
    const context = requestContext(
      { ...site.services.app, enhanceScriptUrl: "/enhance.js" },
      { nonce: "test", clientAddress: "127.0.0.1" },
    );
    enterSession(context, { user: STAFF, sessionId: "session-staff" });
    const request = new Request(`${site.url}/admin/site/interface-text/${language}`, { method: "POST", body: new URLSearchParams(fields) });
    return saveInterfaceText({ request, params: { language }, context } as never).catch((thrown: unknown) => thrown);
  }
  const page = async (path: string) => {
    const answer = await raw(site.url, path, "GET", {});
    return { cache: answer.headers["x-render-cache"], html: answer.body.toString("utf8") };
  };

  it("is on the kept Sorani Kurdish pages at once, as text, and on no other language's", async () => {
    await page("/ckb/");
    const kept = await page("/ckb/");
    expect(kept.cache).toBe("hit");
    const shipped = SHIPPED.ckb["nav.home"]!;
    expect(kept.html).toContain(`${shipped}</a>`);

    const answer = (await correct("ckb", { "text:nav.home": "ماڵەوە <b>", "shown:nav.home": shipped })) as Response;
    expect(answer.status).toBe(302);
    const corrected = await page("/ckb/");
    expect(corrected.cache).toBe("miss");
    // React text: the markup typed is shown, never parsed.
    expect(corrected.html).toContain("ماڵەوە &lt;b&gt;</a>");
    expect((await page("/ckb/about")).html).toContain("ماڵەوە &lt;b&gt;</a>");
    expect((await page("/ar/")).html).not.toContain("ماڵەوە");
    expect((await page("/")).html).not.toContain("ماڵەوە");
  });
});
