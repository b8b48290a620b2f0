import { expect, expectNoAxeViolations, test } from "../fixtures";

test.describe("phone navigation", () => {
  test("shows DONATE and a menu button; the drawer opens 300 px wide from the right", async ({ page }) => {
    await page.goto("/");
    const bar = page.locator("header");
    await expect(bar.getByRole("link", { name: "DONATE" }).first()).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main", exact: true })).toBeHidden();
    await page.getByRole("button", { name: "Menu" }).click();
    const drawer = page.locator("#site-drawer");
    await expect(drawer).toBeVisible();
    const box = (await drawer.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(Math.round(box.width)).toBe(300);
    await expect.poll(async () => Math.round((await drawer.boundingBox())!.x + box.width)).toBe(viewport.width);
    await expect(drawer.getByRole("link", { name: "DONATE" })).toBeVisible();
  });

  test("the accordion opens one group at a time and can close it again", async ({ page }) => {
    await page.goto("/about");
    await page.getByRole("button", { name: "Menu" }).click();
    const drawer = page.locator("#site-drawer");
    const team = drawer.locator("details", { has: page.locator("summary", { hasText: "Our Team" }) });
    const communities = drawer.locator("details", { has: page.locator("summary", { hasText: "Common Bond Communities" }) });
    await team.locator("summary").click();
    await expect(team).toHaveAttribute("open", "");
    await expect(drawer.getByRole("link", { name: "Board of Advisors" })).toBeVisible();
    await communities.locator("summary").click();
    await expect(communities).toHaveAttribute("open", "");
    await expect(team).not.toHaveAttribute("open", "");
    await expect(drawer.getByRole("link", { name: "Christians (Various)" })).toBeVisible();
    await communities.locator("summary").click();
    await expect(communities).not.toHaveAttribute("open", "");
  });

  test("highlights the current page and opens its group", async ({ page }) => {
    await page.goto("/ideology/kidnapping");
    await page.getByRole("button", { name: "Menu" }).click();
    const current = page.locator("#site-drawer a[aria-current=page]");
    await expect(current).toHaveText("Same Playbook: Kidnapping");
    await expect(current).toBeVisible();
  });

  test("Escape closes the drawer and returns focus to the menu button", async ({ page }) => {
    await page.goto("/");
    const menu = page.getByRole("button", { name: "Menu" });
    await menu.focus();
    await page.keyboard.press("Enter");
    await expect(page.locator("#site-drawer")).toBeVisible();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Escape");
    await expect(page.locator("#site-drawer")).toBeHidden();
    await expect(menu).toBeFocused();
  });

  test("the close button closes the drawer, and a link in it navigates", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(page.locator("#site-drawer")).toBeHidden();
    await page.getByRole("button", { name: "Menu" }).click();
    await page.locator("#site-drawer").getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About Us");
  });

  test("the open drawer passes axe", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/about");
    await page.getByRole("button", { name: "Menu" }).click();
    await page.locator("#site-drawer summary", { hasText: "Our Team" }).click();
    await expectNoAxeViolations(page);
  });

  test.describe("with JavaScript off", () => {
    test.use({ javaScriptEnabled: false });

    test("the drawer still opens and its links work", async ({ page }) => {
      await page.goto("/");
      await page.getByRole("button", { name: "Menu" }).click();
      await page.locator("#site-drawer summary", { hasText: "Common Bond Communities" }).click();
      await page.locator("#site-drawer").getByRole("link", { name: "Yazidis" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Yazidis");
    });
  });
});
