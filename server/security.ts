import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import helmet from "helmet";

/** Third parties a visitor can choose to load (click-to-load embeds); nothing from them loads before. */
export const EMBED_FRAME_SOURCES = [
  "https://www.youtube-nocookie.com",
  "https://donorbox.org",
  "https://www.tiktok.com",
  "https://platform.twitter.com",
  "https://syndication.twitter.com",
];
export const EMBED_SCRIPT_SOURCES = ["https://www.tiktok.com", "https://platform.twitter.com", "https://donorbox.org"];

export const PERMISSIONS_POLICY = [
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

export function cspNonce(): RequestHandler {
  return (_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  };
}

export function securityHeaders({ https }: { https: boolean }): RequestHandler[] {
  const nonce = (_req: unknown, res: unknown) => `'nonce-${(res as { locals: { cspNonce: string } }).locals.cspNonce}'`;
  return [
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", nonce, ...EMBED_SCRIPT_SOURCES],
          styleSrc: ["'self'", nonce],
          // React writes a few style attributes (image crop positions, animation delays).
          styleSrcAttr: ["'unsafe-inline'"],
          imgSrc: ["'self'", "data:"],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          frameSrc: EMBED_FRAME_SOURCES,
          mediaSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          manifestSrc: ["'self'"],
          workerSrc: ["'none'"],
          upgradeInsecureRequests: https ? [] : null,
        },
      },
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
