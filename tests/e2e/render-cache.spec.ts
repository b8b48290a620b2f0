import { expect, test } from "./fixtures";

/** Every CSP violation the page reports, from the page itself and from the browser's console. */
async function collectViolations(page: import("@playwright/test").Page): Promise<() => Promise<string[]>> {
  const logged: string[] = [];
  page.on("console", (m) => m.text().includes("Content Security Policy") && logged.push(m.text()));
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return async () => [...logged, ...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations))];
}

test("a page served from the render cache runs its enhancement script with no CSP violation", async ({ page, request }) => {
  await request.get("/"); // rendered and kept
  const violations = await collectViolations(page);
  const response = await page.goto("/");
  expect(response?.headers()["x-render-cache"]).toBe("hit");
  expect(response?.headers()["content-security-policy"]).not.toContain("nonce-");
  // The enhancement module hides what is below the fold until it is scrolled to: it ran.
  const hidden = page.locator("[data-reveal].reveal-hidden");
  await expect.poll(() => hidden.count()).toBeGreaterThan(0);
  await hidden.first().scrollIntoViewIfNeeded();
  await expect.poll(() => hidden.count()).toBeLessThan(await page.locator("[data-reveal]").count());
  expect(await violations()).toEqual([]);
});

test("a community page from the cache, with its structured data, reports no CSP violation", async ({ page, request }) => {
  await request.get("/communities/copts");
  const violations = await collectViolations(page);
  const response = await page.goto("/communities/copts");
  expect(response?.headers()["x-render-cache"]).toBe("hit");
  await expect(page.locator('script[type="application/ld+json"]').first()).toBeAttached();
  await page.keyboard.press("Tab"); // the skip link: the page is alive and focusable
  await expect(page.getByRole("link", { name: "Skip to main content" })).toBeFocused();
  expect(await violations()).toEqual([]);
});
