#!/usr/bin/env node
/**
 * Finds a Chromium for the browser tests (scripts/lib/chromium.mjs: CHROME_PATH, Debian's headless shell, Debian's
 * chromium), then Playwright's own download. On Debian as root, without CHROME_PATH, it installs Debian's
 * chromium-headless-shell package itself when missing (decision 012); otherwise it stops with one sentence saying
 * what to install. Prints the path it found.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { findChromium, HEADLESS_SHELL } from "../lib/chromium.mjs";

async function playwrightsOwn() {
  try {
    const { chromium } = await import("@playwright/test");
    const path = chromium.executablePath();
    return existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

const canInstall = process.platform === "linux" && process.getuid?.() === 0 && existsSync("/usr/bin/apt-get");
if (!process.env.CHROME_PATH && !existsSync(HEADLESS_SHELL) && canInstall) {
  console.log("Installing Debian's chromium-headless-shell package (apt-get install -y chromium-headless-shell)…");
  const install = () =>
    spawnSync("apt-get", ["install", "-y", "-qq", "chromium-headless-shell"], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    }).status === 0;
  // The package lists may be missing or stale on a fresh machine: update them only when the install needs it.
  if (!install()) {
    spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    install();
  }
}
const found = findChromium() ?? (await playwrightsOwn());
if (!found) {
  console.error(
    "The browser tests need Chromium: install it (Debian/Ubuntu: sudo apt-get install chromium-headless-shell; elsewhere: npx playwright install chromium) or set CHROME_PATH to a Chrome or Chromium binary.",
  );
  process.exit(1);
}
try {
  const version = execFileSync(found, ["--version"], { encoding: "utf8" }).trim();
  console.log(`browser: ${version} (${found})`);
} catch {
  console.log(`browser: ${found}`);
}
