#!/usr/bin/env node
/**
 * Compresses the hashed assets once, at build time, with the strongest settings (brotli 11, gzip 9),
 * so the server sends .br/.gz files instead of compressing on every request.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const dir = new URL("../../build/client/assets", import.meta.url).pathname;
let files = 0;
let before = 0;
let after = 0;
for (const name of readdirSync(dir)) {
  if (!/\.(js|css|svg|json)$/.test(name)) continue;
  const raw = readFileSync(join(dir, name));
  const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
  writeFileSync(join(dir, `${name}.br`), br);
  writeFileSync(join(dir, `${name}.gz`), gzipSync(raw, { level: 9 }));
  files++;
  before += raw.length;
  after += br.length;
}
console.log(`precompress: ${files} assets, ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB brotli`);
