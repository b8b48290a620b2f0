#!/usr/bin/env node
/** Bundles app/enhance/ into one small hashed module for content pages, and records its URL. */
import { writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const result = await build({
  entryPoints: [join(root, "app/enhance/index.ts")],
  bundle: true,
  minify: true,
  format: "esm",
  target: ["es2022", "chrome111", "safari16.4", "firefox115"],
  outdir: join(root, "build/client/assets"),
  entryNames: "enhance-[hash]",
  metafile: true,
  logLevel: "warning",
});
const [file] = Object.keys(result.metafile.outputs).filter((f) => f.endsWith(".js"));
const url = `/assets/${basename(file)}`;
writeFileSync(join(root, "build/enhance-manifest.json"), JSON.stringify({ url }));
console.log(`enhance: ${url} (${result.metafile.outputs[file].bytes} bytes)`);
