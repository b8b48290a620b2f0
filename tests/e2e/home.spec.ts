import { expect, test } from "./fixtures";

test.describe("home page", () => {
  test("shows the tagline, its two buttons, three mission cards and Join Our Alliance", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Uniting the many disparate communities around the world under attack by the same ideology",
    );
    await expect(page.getByRole("link", { name: "Learn About Us" })).toHaveAttribute("href", "/about");
    await expect(page.getByRole("link", { name: "Explore Communities" })).toHaveAttribute("href", "/communities");
    const cards = page.locator("section[aria-labelledby=mission-heading] li a");
    await expect(cards).toHaveCount(3);
    expect(await cards.evaluateAll((as) => as.map((a) => a.getAttribute("href")))).toEqual([
      "/communities",
      "/ideology/same-ideology",
      "/about#our-approach",
    ]);
    await expect(page.getByRole("heading", { name: "Please Take Three Minutes to Watch This Video" })).toBeAttached();
    await expect(page.locator("a[href='/join-us']").last()).toBeAttached();
    await expect(page.locator("main a[href='/team/board-of-directors']")).toBeAttached();
  });

  test("the carousel advances every 3 s through 7 slides, and the pause button stops it", async ({ page }) => {
    // A paused fake clock: time moves only when the test says so.
    await page.clock.install({ time: new Date("2026-01-01T00:00:00Z") });
    await page.clock.pauseAt(new Date("2026-01-01T00:00:01Z"));
    await page.goto("/");
    const carousel = page.locator("[data-carousel]");
    const slides = carousel.locator("[data-slide]");
    await expect(slides).toHaveCount(7);
    await expect(slides.nth(0)).toHaveAttribute("data-active", "");
    // Still on the first slide just before 3 s, on the second just after.
    await page.clock.runFor(2900);
    await expect(slides.nth(0)).toHaveAttribute("data-active", "");
    await page.clock.runFor(200);
    await expect(slides.nth(1)).toHaveAttribute("data-active", "");
    await expect(slides.nth(0)).not.toHaveAttribute("data-active");
    await page.clock.runFor(3000 * 6);
    await expect(slides.nth(0)).toHaveAttribute("data-active", "");

    const toggle = page.getByRole("button", { name: "Pause slideshow" });
    await toggle.click();
    await expect(page.getByRole("button", { name: "Play slideshow" })).toBeVisible();
    await page.mouse.move(0, 0);
    await page.clock.runFor(9000);
    await expect(slides.nth(0)).toHaveAttribute("data-active", "");
    await page.getByRole("button", { name: "Play slideshow" }).click();
    // The slideshow also rests while the pointer is over it.
    await page.clock.runFor(3100);
    await expect(slides.nth(0)).toHaveAttribute("data-active", "");
    await page.mouse.move(0, 0);
    await page.clock.runFor(3100);
    await expect(slides.nth(1)).toHaveAttribute("data-active", "");
  });

  test("the carousel fades over 1 s", async ({ page }) => {
    await page.goto("/");
    const duration = await page
      .locator("[data-slide]")
      .first()
      .evaluate((el) => getComputedStyle(el).transitionDuration);
    expect(duration).toBe("1s");
  });

  test("the carousel stays still under reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.clock.install();
    await page.goto("/");
    await page.clock.runFor(10_000);
    await expect(page.locator("[data-slide]").first()).toHaveAttribute("data-active", "");
    await expect(page.getByRole("button", { name: "Play slideshow" })).toBeVisible();
  });

  test("downloads the first slide and the next one only, not all seven", async ({ page }) => {
    const images: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/images/generated/home-slide-")) images.push(r.url());
    });
    await page.clock.install();
    // The second slide's request can start after a quiet moment on a busy machine, so wait for it by name.
    const secondSlide = page.waitForRequest(/\/images\/generated\/home-slide-2/);
    await page.goto("/");
    await secondSlide;
    await page.waitForLoadState("networkidle");
    const slidesRequested = () => new Set(images.map((u) => /home-slide-(\d)/.exec(u)?.[1]));
    // The first slide, and the second prepared ahead of its turn.
    expect([...slidesRequested()].sort()).toEqual(["1", "2"]);
  });

  test("the video waits behind a button that names YouTube, and loads only when asked", async ({ page }) => {
    let youtube = 0;
    await page.route("https://www.youtube-nocookie.com/**", (route) => {
      youtube++;
      return route.fulfill({ contentType: "text/html", body: "<!doctype html><title>stub player</title><p>stub</p>" });
    });
    await page.goto("/");
    const section = page.locator("section[aria-labelledby=video-heading]");
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByText("Loading it connects your browser to YouTube")).toBeVisible();
    await expect(section.getByRole("link", { name: /Watch on YouTube/ })).toHaveAttribute("target", "_blank");
    expect(youtube).toBe(0);
    await section.getByRole("button", { name: "Load video from YouTube" }).click();
    const frame = section.locator("iframe");
    await expect(frame).toHaveAttribute("src", /^https:\/\/www\.youtube-nocookie\.com\/embed\//);
    await expect.poll(() => youtube).toBe(1);
  });
});
