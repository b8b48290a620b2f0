/** Reads app/content/ from disk, for the build-time check and `npm run content:check`. */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";

export function readContentFiles(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(md|yaml)$/.test(entry.name)) out[relative(dir, full).split(sep).join("/")] = readFileSync(full, "utf8");
    }
  };
  walk(dir);
  return out;
}
