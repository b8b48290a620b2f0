#!/usr/bin/env node
/**
 * Makes the drawn stand-in for every place the site shows an image, as responsive AVIF and WebP variants,
 * into public/images/generated/ with a manifest (public/images/generated/manifest.json) that the server
 * reads. Photographs are not made here: staff upload them (issue 21, decision 009), and a place shows its
 * stand-in only until they do. The artwork is drawn from the image's name, so it is the same on every
 * machine; variants are named by a hash of it, cached forever, and only re-encoded when it changes.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { parse as parseYaml } from "yaml";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const contentDir = join(root, "app", "content");
const outDir = join(root, "public", "images", "generated");
const ART_VERSION = "3";

/** Kinds of image: intrinsic size of the source, the widths and formats served (shared with staff uploads, issue 21). */
const KINDS = JSON.parse(readFileSync(join(root, "app", "lib", "image-kinds.json"), "utf8"));

const listMd = (dir) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith(".md"))
        .map((f) => f.slice(0, -3))
        .sort()
    : [];

function imageList() {
  const list = [];
  for (let i = 1; i <= 7; i++) list.push({ name: `home/slide-${i}`, kind: "slide" });
  for (const slug of listMd(join(contentDir, "communities"))) list.push({ name: `communities/${slug}`, kind: "hero" });
  for (const section of listMd(join(contentDir, "ideology"))) list.push({ name: `ideology/${section}`, kind: "hero" });
  for (const board of ["directors", "advisors"])
    for (const id of listMd(join(contentDir, "team", board))) list.push({ name: `team/${board}/${id}`, kind: "portrait" });
  const partnersFile = join(contentDir, "partners.yaml");
  if (existsSync(partnersFile))
    for (const p of parseYaml(readFileSync(partnersFile, "utf8")).partners ?? []) list.push({ name: `partners/${p.id}`, kind: "logo" });
  // What a person or partner staff add in the staff area shows until their own image exists (issue 21).
  list.push({ name: "team/none", kind: "portrait" }, { name: "partners/none", kind: "logo" });
  list.push({ name: "social/default", kind: "social" });
  return list;
}

// ---- placeholder artwork -------------------------------------------------------------------------

function rng(seed) {
  let h = createHash("sha256").update(seed).digest().readUInt32LE(0);
  return () => {
    h = (h + 0x6d2b79f5) | 0;
    let t = Math.imul(h ^ (h >>> 15), 1 | h);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Muted, dignified palettes: sky top, sky bottom, then hill layers from far to near. */
const PALETTES = [
  ["#1d2b4f", "#c98b5a", "#5b5470", "#3d3a58", "#262842", "#161a2e"],
  ["#22384a", "#d9b57c", "#6f7f73", "#4b5d55", "#2f4039", "#1c2824"],
  ["#3a2440", "#e0a27a", "#7d5466", "#5a3b51", "#3c263a", "#221522"],
  ["#16324a", "#9fc4cf", "#4f7790", "#36596f", "#243f52", "#142736"],
  ["#402a22", "#e8c08a", "#8a6a4d", "#6a4e39", "#4a3527", "#2c1f17"],
  ["#1e3b3a", "#c7d3a8", "#5f8275", "#456559", "#2f4a41", "#1b2d27"],
  ["#2b2d52", "#f0b48c", "#6a5f8f", "#4c4573", "#332f55", "#1d1b36"],
];

function hillPath(r, w, h, baseY, amplitude) {
  const points = [];
  const segments = 6;
  for (let i = 0; i <= segments; i++) points.push([(w * i) / segments, baseY - amplitude * (0.3 + 0.7 * r())]);
  let d = `M0 ${h} L0 ${points[0][1].toFixed(1)}`;
  for (let i = 1; i < points.length; i++) {
    const [x0, y0] = points[i - 1];
    const [x1, y1] = points[i];
    const cx = (x0 + x1) / 2;
    d += ` C${cx.toFixed(1)} ${y0.toFixed(1)} ${cx.toFixed(1)} ${y1.toFixed(1)} ${x1.toFixed(1)} ${y1.toFixed(1)}`;
  }
  return `${d} L${w} ${h} Z`;
}

function landscapeSvg(name, w, h) {
  const r = rng(name);
  const p = PALETTES[Math.floor(r() * PALETTES.length)];
  const sunX = w * (0.2 + 0.6 * r());
  const sunY = h * (0.25 + 0.2 * r());
  const sunR = Math.min(w, h) * (0.07 + 0.05 * r());
  let stars = "";
  for (let i = 0; i < 40; i++) {
    stars += `<circle cx="${(r() * w).toFixed(0)}" cy="${(r() * h * 0.45).toFixed(0)}" r="${(0.8 + r() * 1.6).toFixed(1)}" fill="#fff" opacity="${(0.15 + r() * 0.35).toFixed(2)}"/>`;
  }
  const layers = [2, 3, 4, 5]
    .map((c, i) => `<path d="${hillPath(r, w, h, h * (0.55 + i * 0.12), h * (0.18 - i * 0.025))}" fill="${p[c]}"/>`)
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p[0]}"/><stop offset="1" stop-color="${p[1]}"/></linearGradient>
  <radialGradient id="glow"><stop offset="0" stop-color="#fff6e0" stop-opacity="0.9"/><stop offset="1" stop-color="#fff6e0" stop-opacity="0"/></radialGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#sky)"/>${stars}
  <circle cx="${sunX}" cy="${sunY}" r="${sunR * 3}" fill="url(#glow)" opacity="0.5"/><circle cx="${sunX}" cy="${sunY}" r="${sunR}" fill="#fbeed3" opacity="0.92"/>
  ${layers}</svg>`;
}

function portraitSvg(name, w, h) {
  const r = rng(name);
  const p = PALETTES[Math.floor(r() * PALETTES.length)];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p[2]}"/><stop offset="1" stop-color="${p[4]}"/></linearGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#bg)"/>
  <circle cx="${w / 2}" cy="${h * 0.38}" r="${w * 0.17}" fill="${p[1]}" opacity="0.85"/>
  <path d="M${w * 0.16} ${h} C${w * 0.16} ${h * 0.66} ${w * 0.32} ${h * 0.6} ${w / 2} ${h * 0.6} C${w * 0.68} ${h * 0.6} ${w * 0.84} ${h * 0.66} ${w * 0.84} ${h} Z" fill="${p[1]}" opacity="0.85"/>
  </svg>`;
}

function logoSvg(name, w, h) {
  const r = rng(name);
  const p = PALETTES[Math.floor(r() * PALETTES.length)];
  const n = 2 + Math.floor(r() * 3);
  let rings = "";
  for (let i = 0; i < n; i++)
    rings += `<circle cx="${w / 2 + (i - (n - 1) / 2) * h * 0.22}" cy="${h / 2}" r="${h * 0.26}" fill="none" stroke="${p[i % 2 ? 1 : 2]}" stroke-width="${h * 0.06}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect width="${w}" height="${h}" fill="#f6f3ee"/>${rings}</svg>`;
}

function artwork({ name, kind }) {
  const { width: w, height: h } = KINDS[kind];
  const svg = kind === "portrait" ? portraitSvg(name, w, h) : kind === "logo" ? logoSvg(name, w, h) : landscapeSvg(name, w, h);
  return Buffer.from(svg);
}

// ---- variants --------------------------------------------------------------------------------------

async function build() {
  mkdirSync(outDir, { recursive: true });
  const manifestFile = join(outDir, "manifest.json");
  const previous = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, "utf8")) : {};
  const manifest = {};
  const keep = new Set(["manifest.json"]);
  let encoded = 0;
  const started = Date.now();
  for (const image of imageList()) {
    const kind = KINDS[image.kind];
    const source = artwork(image);
    const hash = createHash("sha256").update(ART_VERSION).update(JSON.stringify(kind)).update(source).digest("hex").slice(0, 10);
    const base = image.name.replaceAll("/", "-");
    const formats = kind.formats;
    const entry = { width: kind.width, height: kind.height, placeholder: true, sources: {} };
    for (const format of formats) {
      entry.sources[format] = [];
      for (const width of kind.widths) {
        const file = `${base}-${hash}-${width}.${format === "jpeg" ? "jpg" : format}`;
        keep.add(file);
        entry.sources[format].push({ width, url: `/images/generated/${file}` });
        if (existsSync(join(outDir, file))) continue;
        const height = Math.round((width * kind.height) / kind.width);
        let pipeline = sharp(source, { density: 72 }).resize(width, height, { fit: "cover" });
        if (format === "avif") pipeline = pipeline.avif({ quality: 50, effort: 3 });
        else if (format === "webp") pipeline = pipeline.webp({ quality: 72, effort: 4 });
        else pipeline = pipeline.jpeg({ quality: 80, mozjpeg: true });
        await pipeline.toFile(join(outDir, file));
        encoded++;
      }
    }
    manifest[image.name] = entry;
  }
  for (const file of readdirSync(outDir)) if (!keep.has(file)) rmSync(join(outDir, file));
  writeFileSync(manifestFile, JSON.stringify(manifest, null, 1));
  const changed = JSON.stringify(previous) !== JSON.stringify(manifest);
  console.log(
    `images: ${Object.keys(manifest).length} images, ${encoded} variants encoded in ${((Date.now() - started) / 1000).toFixed(1)} s${changed ? "" : " (unchanged)"}`,
  );
}

await build();
