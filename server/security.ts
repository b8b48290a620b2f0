import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import helmet from "helmet";
import onHeaders from "on-headers";
import { sharedByCaches } from "../app/lib/http";

/** Third parties a visitor can choose to load (click-to-load embeds); nothing from them loads before. */
const EMBED_FRAME_SOURCES = [
  "https://www.youtube-nocookie.com",
  "https://donorbox.org",
  "https://www.tiktok.com",
  "https://platform.twitter.com",
  "https://syndication.twitter.com",
];
const EMBED_SCRIPT_SOURCES = ["https://www.tiktok.com", "https://platform.twitter.com", "https://donorbox.org"];

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
 * shared through caches carry no nonce and allow exactly the inline code they contain, by sha256.
 */
export function contentSecurityPolicy(inline: InlineAllowance, { https }: { https: boolean }): string {
  const [scripts, styles] =
    "nonce" in inline
      ? [[`'nonce-${inline.nonce}'`], [`'nonce-${inline.nonce}'`]]
      : [inline.hashes.scripts.map((h) => `'sha256-${h}'`), inline.hashes.styles.map((h) => `'sha256-${h}'`)];
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    ["script-src", "'self'", ...scripts, ...EMBED_SCRIPT_SOURCES],
    ["style-src", "'self'", ...styles],
    // React writes a few style attributes (image crop positions, animation delays).
    ["style-src-attr", "'unsafe-inline'"],
    ["img-src", "'self'", "data:"],
    ["font-src", "'self'"],
    ["connect-src", "'self'"],
    ["frame-src", ...EMBED_FRAME_SOURCES],
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
