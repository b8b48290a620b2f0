#!/usr/bin/env node
/**
 * Finds a Chromium for the browser tests: CHROME_PATH, then Debian's /usr/bin/chromium, then
 * Playwright's own download. On Debian as root it installs the chromium package itself; otherwise it
 * stops with one sentence saying what to install. Prints the path it found.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

export function findChromium() {
  const candidates = [process.env.CHROME_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].filter(Boolean);
  return candidates.find((p) => existsSync(p)) ?? null;
}

async function playwrightsOwn() {
  try {
    const { chromium } = await import("@playwright/test");
    const path = chromium.executablePath();
    return existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

let found = findChromium() ?? (await playwrightsOwn());
if (!found && process.platform === "linux" && process.getuid?.() === 0 && existsSync("/usr/bin/apt-get")) {
  console.log("Chromium not found: installing Debian's chromium package (apt-get install -y chromium)…");
  spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  const install = spawnSync("apt-get", ["install", "-y", "-qq", "chromium"], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  if (install.status === 0) found = findChromium();
}
if (!found) {
  console.error(
    "The browser tests need Chromium: install it (Debian/Ubuntu: sudo apt-get install chromium; elsewhere: npx playwright install chromium) or set CHROME_PATH to a Chrome or Chromium binary.",
  );
  process.exit(1);
}
try {
  const version = execFileSync(found, ["--version"], { encoding: "utf8" }).trim();
  console.log(`browser: ${version} (${found})`);
} catch {
  console.log(`browser: ${found}`);
}
