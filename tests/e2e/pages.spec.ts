import { expect, test } from "./fixtures";

test.describe("content pages", () => {
  test("About: mission, vision, the three pillars under #our-approach, and the featured article", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByRole("heading", { name: "Our Mission" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Our Vision" })).toBeVisible();
    const approach = page.locator("#our-approach");
    for (const pillar of ["Testify, Amplify", "Same Ideology, Same Playbook", "All for One, One for All"]) {
      await expect(approach.getByRole("heading", { name: pillar })).toBeAttached();
    }
    const read = page.getByRole("link", { name: /Read Full Article/ });
    await expect(read).toHaveAttribute("target", "_blank");
    await expect(read).toHaveAttribute("rel", "noopener noreferrer");
  });

  test("Partners: four partners with Visit Website links, and the Become a Partner card", async ({ page }) => {
    await page.goto("/partners");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Partners");
    const visits = page.getByRole("link", { name: /^Visit Website/ });
    await expect(visits).toHaveCount(4);
    for (const link of await visits.all()) await expect(link).toHaveAttribute("target", "_blank");
    await expect(page.getByRole("heading", { name: "Become a Partner" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Contact Us About Partnership" })).toBeVisible();
    const logos = page.locator("main img");
    await expect(logos).toHaveCount(4);
    for (const img of await logos.all()) {
      await expect(img).toHaveAttribute("width", /\d+/);
      await expect(img).toHaveAttribute("height", /\d+/);
    }
  });

  test("Donate: its texts, a hosted donation link always, and the widget only when asked", async ({ page, foreignRequests }) => {
    let widgetLoads = 0;
    await page.route("https://donorbox.org/**", (route) => {
      widgetLoads++;
      return route.fulfill({ contentType: "text/html", body: "<!doctype html><title>stub donation form</title><p>stub</p>" });
    });
    await page.goto("/donate");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Support Our Mission");
    await expect(page.locator("main")).toContainText(
      "Your generous donation helps us unite, support, and advocate for our Common Bond Communities.",
    );
    const hosted = page.getByRole("link", { name: /secure page/ });
    await expect(hosted).toHaveAttribute("href", /^https:\/\//);
    await expect(page.getByText(/Loading it connects your browser to Donorbox/)).toBeVisible();
    expect(widgetLoads).toBe(0);
    await page.getByRole("button", { name: "Load donation form from Donorbox" }).click();
    await expect(page.locator("iframe[title^='Donation form']")).toBeVisible();
    await expect.poll(() => widgetLoads).toBe(1);
    await expect(hosted).toBeVisible();
    expect(foreignRequests.every((u) => u.startsWith("https://donorbox.org/"))).toBe(true);
  });

  test("legal pages are dated October 20, 2025", async ({ page }) => {
    for (const path of ["/privacy-policy", "/terms-of-use"]) {
      await page.goto(path);
      await expect(page.locator("time")).toHaveText("October 20, 2025");
    }
  });

  test("every route in the route table answers, with a heading", async ({ page }) => {
    for (const [path, heading] of [
      ["/team/board-of-directors", "Board of Directors"],
      ["/team/board-of-advisors", "Board of Advisors"],
      ["/communities", "Common Bond Communities:"],
      ["/communities/yazidis", "Yazidis"],
      ["/ideology/subjugation-erasure", "Same Playbook: Subjugation and Erasure"],
      ["/contact", "Contact Us"],
      ["/join-us", "Join Us"],
    ]) {
      const response = await page.goto(path!);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading!);
    }
  });
});

test.describe("not found", () => {
  test("an unknown path answers 404 with a link home, and logs the path", async ({ page }) => {
    const messages: string[] = [];
    page.on("console", (m) => messages.push(m.text()));
    const response = await page.goto("/this/does/not/exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! Page not found");
    await expect.poll(() => messages.some((m) => m.includes("/this/does/not/exist"))).toBe(true);
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  for (const [path, heading, text] of [
    ["/communities/atlantis", "Community Not Found", "The community page you're looking for is currently being developed."],
    ["/ideology/unknown", "Section Not Found", "The section you're looking for is currently being developed."],
    ["/team/director/nobody", "Director Not Found", "Back to Board of Directors"],
    ["/team/advisor/nobody", "Advisor Not Found", "The advisor you're looking for doesn't exist."],
  ]) {
    test(`${path} answers 404 with "${heading}"`, async ({ page }) => {
      const response = await page.goto(path!);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading!);
      await expect(page.locator("main")).toContainText(text!);
    });
  }

  test("an unknown community logs its slug to the console", async ({ page }) => {
    const messages: string[] = [];
    page.on("console", (m) => messages.push(m.text()));
    await page.goto("/communities/atlantis");
    await expect.poll(() => messages.some((m) => m.includes("atlantis"))).toBe(true);
  });
});
