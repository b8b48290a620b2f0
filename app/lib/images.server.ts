/** Looks up the responsive variants that scripts/build/images.mjs made for an image name. */
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { PictureData } from "./images";

interface ManifestEntry {
  width: number;
  height: number;
  placeholder: boolean;
  sources: Record<string, { width: number; url: string }[]>;
}

let manifest: Record<string, ManifestEntry> | null = null;

function loadManifest(): Record<string, ManifestEntry> {
  if (manifest) return manifest;
  const candidates = [resolve("build/client/images/generated/manifest.json"), resolve("public/images/generated/manifest.json")];
  const file = import.meta.env.DEV ? candidates[1]! : (candidates.find((f) => existsSync(f)) ?? candidates[0]!);
  if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build`);
  const loaded = JSON.parse(readFileSync(file, "utf8")) as Record<string, ManifestEntry>;
  if (!import.meta.env.DEV) manifest = loaded;
  return loaded;
}

const MIME: Record<string, string> = { avif: "image/avif", webp: "image/webp", jpeg: "image/jpeg" };

/** A person or partner added in the staff area has no image of its own yet: the drawn stand-in of its kind. */
const standIn = (name: string) => (name.startsWith("team/") ? "team/none" : name.startsWith("partners/") ? "partners/none" : name);

export function picture(name: string, alt = ""): PictureData {
  const images = loadManifest();
  const entry = images[name] ?? images[standIn(name)];
  if (!entry) throw new Error(`No image named ${name}: add its content file and run npm run build`);
  const sources = Object.entries(entry.sources).map(([format, list]) => ({
    type: MIME[format] ?? `image/${format}`,
    srcSet: list.map((v) => `${v.url} ${v.width}w`).join(", "),
  }));
  const fallbackList = entry.sources.webp ?? entry.sources.jpeg ?? Object.values(entry.sources)[0]!;
  const fallback = fallbackList[Math.min(1, fallbackList.length - 1)]!;
  return { sources, src: fallback.url, width: entry.width, height: entry.height, alt, placeholder: entry.placeholder };
}

/** Absolute URL of the image variant to use in Open Graph tags. */
export function socialImageUrl(siteUrl: string, name = "social/default"): string {
  const entry = loadManifest()[name];
  const variant = entry?.sources.jpeg?.[0] ?? entry?.sources.webp?.at(-1);
  return variant ? `${siteUrl}${variant.url}` : `${siteUrl}/favicon.svg`;
}
