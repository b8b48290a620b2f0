import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import helmet from "helmet";
import onHeaders from "on-headers";
import { sharedByCaches } from "../app/lib/http";

/**
 * The third-party scripts a visitor can choose to load (click-to-load social posts and the donation widget;
 * nothing from them loads before), by the origin a page's markup names, with the frames each script then
 * opens. A script from an origin not listed here is never allowed, whatever a page names.
 */
const EMBED_SCRIPTS: Record<string, string[]> = {
  "https://donorbox.org": ["https://donorbox.org"],
  "https://www.tiktok.com": ["https://www.tiktok.com"],
  "https://www.instagram.com": ["https://www.instagram.com"],
  "https://platform.twitter.com": ["https://platform.twitter.com", "https://syndication.twitter.com"],
};

/** What a page holds that loads from another site once a visitor allows it: the origins of its frames and scripts. */
export interface EmbedOrigins {
  frames: string[];
  scripts: string[];
}

/**
 * The script and frame sources a page's embeds need (issue 23): each frame it holds (a video, the donation
 * widget staff chose: the site's own components are the only source of frames, as the Markdown sanitiser
 * removes any other), and each listed script with the frames it opens.
 */
export function embedSources({ frames, scripts }: EmbedOrigins): { scripts: string[]; frames: string[] } {
  const allowedScripts = scripts.filter((origin) => origin in EMBED_SCRIPTS);
  const allowedFrames = new Set([...frames, ...allowedScripts.flatMap((origin) => EMBED_SCRIPTS[origin]!)]);
  return { scripts: [...new Set(allowedScripts)].sort(), frames: [...allowedFrames].sort() };
}

const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "camera=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  'payment=(self "https://donorbox.org")',
  "usb=()",
  "browsing-topics=()",
].join(", ");

/** What a page's inline scripts and styles are allowed by: a per-request nonce, or the hashes of their text. */
type InlineAllowance = { nonce: string } | { hashes: { scripts: string[]; styles: string[] } };

/**
 * The Content-Security-Policy header. Pages rendered per request allow their inline code by nonce; pages
 * shared through caches carry no nonce and allow exactly the inline code they contain, by sha256. Only a page
 * that holds an embed allows its provider (`embeds`: the origins its markup names); every other answer, the
 * staff area's included, allows no other host at all.
 */
export function contentSecurityPolicy(
  inline: InlineAllowance,
  { https, embeds = { frames: [], scripts: [] } }: { https: boolean; embeds?: EmbedOrigins },
): string {
  const third = embedSources(embeds);
  const [scripts, styles] =
    "nonce" in inline
      ? [[`'nonce-${inline.nonce}'`], [`'nonce-${inline.nonce}'`]]
      : [inline.hashes.scripts.map((h) => `'sha256-${h}'`), inline.hashes.styles.map((h) => `'sha256-${h}'`)];
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    ["script-src", "'self'", ...scripts, ...third.scripts],
    ["style-src", "'self'", ...styles],
    // React writes a few style attributes (image crop positions, animation delays).
    ["style-src-attr", "'unsafe-inline'"],
    ["img-src", "'self'", "data:"],
    ["font-src", "'self'"],
    ["connect-src", "'self'"],
    ["frame-src", ...(third.frames.length ? third.frames : ["'none'"])],
    ["media-src", "'self'"],
    ["object-src", "'none'"],
    ["base-uri", "'self'"],
    ["form-action", "'self'"],
    ["frame-ancestors", "'none'"],
    ["manifest-src", "'self'"],
    ["worker-src", "'none'"],
  ];
  if (https) directives.push(["upgrade-insecure-requests"]);
  return directives.map((d) => d.join(" ")).join(";");
}

/** The policy of a response with no inline code of its own: feeds, the sitemap, robots.txt. */
const NO_INLINE_CODE: InlineAllowance = { hashes: { scripts: [], styles: [] } };

/**
 * A fresh nonce for the page about to be rendered, and the policy every answer gets unless it set its own
 * (a shared page sets hashes): the nonce only on answers no cache may share, so no shared copy carries one.
 */
export function cspNonce({ https }: { https: boolean }): RequestHandler {
  return (_req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    onHeaders(res, () => {
      if (res.hasHeader("Content-Security-Policy")) return;
      const shared = sharedByCaches(String(res.getHeader("Cache-Control") ?? ""));
      res.setHeader("Content-Security-Policy", contentSecurityPolicy(shared ? NO_INLINE_CODE : { nonce }, { https }));
    });
    next();
  };
}

/** The headers every page and answer shares, whatever its CSP. */
export function securityHeaders(): RequestHandler[] {
  return [
    helmet({
      contentSecurityPolicy: false,
      // Cross-origin isolation would break the click-to-load embeds, which are cross-origin frames.
      crossOriginEmbedderPolicy: false,
      // Other sites learn nothing of which page sent a visitor; same-origin requests keep their Origin for form checks.
      referrerPolicy: { policy: "same-origin" },
      strictTransportSecurity: { maxAge: 63072000, includeSubDomains: true },
      xFrameOptions: { action: "deny" },
    }),
    (_req, res, next) => {
      res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
      next();
    },
  ];
}

/**
 * ONION_URL: every HTML answer names the same page on the onion service, so Tor Browser offers it. Set before
 * the page renders, so a kept page carries it too (its key is the same path and query); taken off again
 * where the answer turns out not to be HTML.
 */
export function onionLocation(onionUrl: string): RequestHandler {
  return (req, res, next) => {
    res.setHeader("Onion-Location", `${onionUrl}${req.originalUrl}`);
    onHeaders(res, () => {
      if (!/^text\/html\b/.test(String(res.getHeader("Content-Type") ?? ""))) res.removeHeader("Onion-Location");
    });
    next();
  };
}
