/**
 * A page's images: one staff uploaded (issue 21), else the responsive variants that scripts/build/images.mjs
 * made for the image's name.
 */
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { PictureData } from "./images";
import { referenceKey, type ImageReference, type StoredVariant } from "./media.server";

interface ManifestEntry {
  width: number;
  height: number;
  placeholder: boolean;
  sources: Record<string, { width: number; url: string }[]>;
}

/** The build's drawn images: read once (in development, at each use, as the image build rewrites it). */
const built = new Map<"manifest", Record<string, ManifestEntry>>();

function loadManifest(): Record<string, ManifestEntry> {
  const kept = built.get("manifest");
  if (kept) return kept;
  const candidates = [resolve("build/client/images/generated/manifest.json"), resolve("public/images/generated/manifest.json")];
  const file = import.meta.env.DEV ? candidates[1]! : (candidates.find((f) => existsSync(f)) ?? candidates[0]!);
  if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build`);
  const loaded = JSON.parse(readFileSync(file, "utf8")) as Record<string, ManifestEntry>;
  if (!import.meta.env.DEV) built.set("manifest", loaded);
  return loaded;
}

const MIME: Record<string, string> = { avif: "image/avif", webp: "image/webp", jpeg: "image/jpeg" };

/** A person or partner added in the staff area has no image of its own yet: the drawn stand-in of its kind. */
const standIn = (name: string) => (name.startsWith("team/") ? "team/none" : name.startsWith("partners/") ? "partners/none" : name);

function uploadedPicture(variants: StoredVariant[], alt: string): PictureData {
  const formats = [...new Set(variants.map((v) => v.format))];
  const sources = formats.map((format) => ({
    type: MIME[format] ?? `image/${format}`,
    srcSet: variants
      .filter((v) => v.format === format)
      .map((v) => `${v.url} ${v.width}w`)
      .join(", "),
  }));
  const fallbackList = variants.filter((v) => v.format === (formats.includes("webp") ? "webp" : formats[0]));
  const fallback = fallbackList[Math.min(1, fallbackList.length - 1)]!;
  const largest = fallbackList.at(-1)!;
  return { sources, src: fallback.url, width: largest.width, height: largest.height, alt, placeholder: false };
}

/** A drawn image of the build, by name. */
function builtPicture(name: string, alt: string): PictureData {
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

/**
 * The pictures of one edition of the content: `uploaded` holds the variants of every upload it names,
 * looked up when the edition is built (app/content/snapshot.server.ts), so pages are drawn without a query
 * of their own.
 */
export function createPictures(uploaded: ReadonlyMap<string, StoredVariant[]>) {
  return {
    /**
     * @param upload the content's reference to an uploaded photograph, which takes the place of the named
     * one, and the kind of frame the place cuts it to.
     */
    picture(name: string, alt = "", upload?: Partial<ImageReference> & Pick<ImageReference, "kind">): PictureData {
      const variants = upload?.upload ? uploaded.get(referenceKey(upload as ImageReference)) : undefined;
      return variants?.length ? uploadedPicture(variants, alt) : builtPicture(name, alt);
    },
    /** Absolute URL of the image variant to use in Open Graph tags. */
    socialImageUrl(siteUrl: string, name = "social/default", upload?: Partial<ImageReference>): string {
      const own = upload?.upload
        ? uploaded.get(referenceKey({ upload: upload.upload, position: upload.position, kind: "social" }))?.find((v) => v.format === "jpeg")
        : undefined;
      if (own) return `${siteUrl}${own.url}`;
      const entry = loadManifest()[name];
      const variant = entry?.sources.jpeg?.[0] ?? entry?.sources.webp?.at(-1);
      return variant ? `${siteUrl}${variant.url}` : `${siteUrl}/favicon.svg`;
    },
  };
}

export type Pictures = ReturnType<typeof createPictures>;
