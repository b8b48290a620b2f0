#!/usr/bin/env node
/**
 * `npm start`: builds the site when the build is missing or older than the sources, then serves it
 * (http://localhost:3000 by default) on the embedded database unless DATABASE_URL is set.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const serverEntry = join(root, "build", "server", "index.js");
const sources = ["app", "server", "db", "public", "scripts/build", "package.json", "vite.config.ts", "react-router.config.ts"];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === "generated" || entry === "node_modules") continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

const builtAt = existsSync(serverEntry) && existsSync(join(root, "build", "enhance-manifest.json")) ? statSync(serverEntry).mtimeMs : 0;
const sourcesAt = Math.max(...sources.map((s) => newestMtime(join(root, s))));
if (process.env.SKIP_BUILD !== "1" && builtAt < sourcesAt) {
  console.log(builtAt ? "Sources changed since the last build: building…" : "No build yet: building…");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.chdir(root);
// Two threads for file, compression and password work instead of four: each thread keeps its own malloc
// arena, and two cores cannot use more (docs/decisions/006-render-cache-and-memory.md).
process.env.UV_THREADPOOL_SIZE ??= "2";
// React and Express pick their fast production code paths from this.
process.env.NODE_ENV ??= "production";
const { startServer } = await import(pathToFileURL(serverEntry).href);
try {
  await startServer();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
