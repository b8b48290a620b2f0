import { existsSync } from "node:fs";

/** How Chromium runs headless on this kind of machine: no sandbox (root), no GPU, nothing phoning home. */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Debian's chromium-headless-shell package: what the tests prefer, and what ensure-browser installs. */
export const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

/**
 * The Chromium the tests drive: CHROME_PATH, then Debian's headless shell (the same engine without the desktop
 * browser around it, and what Playwright itself runs headless; a third of the full browser's CPU in our suite,
 * decision 012), then Debian's full chromium and other usual places.
 */
export function findChromium() {
  const candidates = [process.env.CHROME_PATH, HEADLESS_SHELL, "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];
  return candidates.find((path) => path && existsSync(path)) ?? null;
}
