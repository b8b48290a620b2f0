import { expect, test } from "../fixtures";

test("board grids show three cards per row on a desktop", async ({ page }) => {
  for (const path of ["/team/board-of-directors", "/team/board-of-advisors"]) {
    await page.goto(path);
    const tops = await page
      .locator("[data-team-grid] > li")
      .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
    const rows = new Map<number, number>();
    for (const t of tops) rows.set(t, (rows.get(t) ?? 0) + 1);
    const perRow = [...rows.values()];
    expect(perRow.slice(0, -1).every((n) => n === 3)).toBe(true);
    expect(perRow.at(-1)).toBeLessThanOrEqual(3);
  }
});
