/**
 * Photographs by staff (issue 21), in a real browser: a portrait uploaded with a plain file input and no
 * script reaches the board's grid and the person's page without the phone's location or camera serial; a
 * file that is not a photograph is refused with its reason; a community's photograph is cut around the focal
 * point staff choose; a photograph taken off a page is deleted from every version, and its files stop being
 * served; the home page's slides and the shared card are previewed cut, without script; the upload controls
 * pass axe. Each test puts the stand-in back.
 */
import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { phoneJpeg, SERIAL, XMP_MARK } from "../../helpers/photographs";
import { expectNoAxeViolations } from "../fixtures";
import { expect, test } from "./fixtures";

test.describe.configure({ mode: "serial" });

const saved = (page: Page) => expect(page.getByRole("status")).toHaveText("Saved. Visitors see the change now.");

async function withoutScript(browser: Browser, signedIn: Page, run: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ storageState: await signedIn.context().storageState(), javaScriptEnabled: false });
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

/** Every file a picture on the page offers, fetched: each must be clean. Attributes only: a page without script runs no evaluate. */
async function filesOf(page: Page, picture: string) {
  const nodes = page.locator(picture).first().locator("source, img");
  const urls: string[] = [];
  for (let i = 0; i < (await nodes.count()); i++) {
    const node = nodes.nth(i);
    const list = (await node.getAttribute("srcset")) ?? (await node.getAttribute("src")) ?? "";
    urls.push(...list.split(",").map((part) => part.trim().split(" ")[0]!));
  }
  return Promise.all(
    [...new Set(urls.filter(Boolean))].map(async (url) => ({ url, bytes: Buffer.from(await (await page.request.get(url)).body()) })),
  );
}

test(
  "a portrait uploaded without JavaScript reaches the grid and the person's page without its location or serial; a PDF named .jpg is refused",
  { tag: "@storage" },
  async ({ staffPage, adminPage, browser }) => {
    test.slow();
    const served: string[] = [];
    await withoutScript(browser, staffPage, async (page) => {
      const editor = "/admin/site/people/advisors/farah-example";
      await page.goto(editor);
      const portrait = page.getByRole("group", { name: "Portrait" });
      await expect(portrait.getByText("No photograph uploaded: the site shows its stand-in.")).toBeVisible();

      // A PDF dressed as a photograph: refused by its bytes, with a reason, and the rest of the form kept.
      await portrait.getByLabel("Upload a photograph").setInputFiles({
        name: "portrait.jpg",
        mimeType: "image/jpeg",
        buffer: Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"),
      });
      await page.getByLabel(/^Biography/).fill("A biography typed before the wrong file was chosen.");
      await page.getByRole("button", { name: "Save" }).first().click();
      await expect(page.getByText("Nothing was saved. Please fix the fields marked below.")).toBeVisible();
      await expect(portrait.getByText(/This file is a PDF file, whatever its name says/)).toBeVisible();
      await expect(portrait.getByLabel("Upload a photograph")).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByLabel(/^Biography/)).toHaveValue("A biography typed before the wrong file was chosen.");

      await page.goto(editor);
      await page
        .getByRole("group", { name: "Portrait" })
        .getByLabel("Upload a photograph")
        .setInputFiles({
          name: "IMG_0042.JPG",
          mimeType: "image/jpeg",
          buffer: await phoneJpeg(),
        });
      await page.getByLabel("Portrait's focal point").fill("50% 30%");
      await page.getByRole("button", { name: "Save" }).first().click();
      await saved(page);
      await expect(page.getByRole("group", { name: "Portrait" }).locator("img")).toHaveAttribute("src", /^\/media\/[0-9a-f]{64}\.webp$/);

      try {
        await page.goto("/team/board-of-advisors");
        const card = page.getByRole("link", { name: /Farah Example/ });
        await expect(card.locator("img")).toHaveAttribute("src", /^\/media\//);
        await page.goto("/team/advisor/farah-example");
        const files = await filesOf(page, "main picture");
        expect(files.length).toBeGreaterThanOrEqual(4);
        served.push(...files.map((f) => f.url));
        for (const { url, bytes } of files) {
          const meta = await sharp(bytes).metadata();
          expect(meta.exif, url).toBeUndefined();
          expect(meta.xmp, url).toBeUndefined();
          expect(bytes.includes(SERIAL), url).toBe(false);
          expect(bytes.includes(XMP_MARK), url).toBe(false);
          expect(meta.width! < meta.height!, `${url} is cut to the portrait's frame`).toBe(true);
        }
        // The audit log, an admin's page, says who uploaded it.
        await adminPage.goto("/admin/audit?action=image-uploaded");
        const entry = adminPage.getByRole("row").filter({ hasText: "content:team/advisors/farah-example.md" }).first();
        await expect(entry.getByRole("cell", { name: "Uploaded a photograph" })).toBeVisible();
      } finally {
        await page.goto(editor);
        await page.getByRole("checkbox", { name: "Remove the photograph when saved" }).check();
        await page.getByRole("button", { name: "Save" }).first().click();
        await saved(page);
      }
      await page.goto("/team/board-of-advisors");
      await expect(page.getByRole("link", { name: /Farah Example/ }).locator("img")).not.toHaveAttribute("src", /^\/media\//);
      // Still online while history can restore it, until staff delete it from every version.
      expect((await page.request.get(served[0]!)).status()).toBe(200);
    });

    await staffPage.goto("/admin/site/history?path=team/advisors/farah-example.md");
    const earlier = staffPage.getByRole("region", { name: "Photographs only in earlier versions" });
    await expect(earlier.getByRole("img", { name: "Earlier photograph 1" })).toBeVisible();
    await expectNoAxeViolations(staffPage);
    await earlier.getByRole("button", { name: /^Delete from every version\s*: earlier photograph 1$/ }).click();
    await expect(staffPage.getByText("Tick the box to confirm: the photograph cannot be brought back.")).toBeVisible();
    await earlier.getByRole("checkbox", { name: "Yes, delete earlier photograph 1 for good" }).check();
    await earlier.getByRole("button", { name: /^Delete from every version\s*: earlier photograph 1$/ }).click();
    await expect(staffPage.getByRole("status")).toHaveText(
      "The photograph is deleted: its files are gone, and no earlier version names it any more.",
    );
    await expect(earlier).toHaveCount(0);
    for (const url of served) expect((await staffPage.request.get(url)).status(), url).toBe(404);
  },
);

test(
  "a community's photograph is cut around the focal point staff choose, and the upload controls work by keyboard",
  { tag: "@storage" },
  async ({ staffPage: page }) => {
    test.slow();
    const editor = "/admin/site/pages/communities/sikhs";
    await page.goto(editor);
    const photograph = page.getByRole("group", { name: "Photograph", exact: true });
    const input = photograph.getByLabel("Upload a photograph");
    // An SVG carrying a script: refused, with the reason at the field, and the page still passes axe.
    await input.setInputFiles({
      name: "banner.svg",
      mimeType: "image/svg+xml",
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    });
    await page.getByRole("button", { name: "Save" }).first().click();
    await expect(photograph.getByText(/SVG drawings are not accepted/)).toBeVisible();
    await expectNoAxeViolations(page);

    await photograph.getByLabel("Upload a photograph").focus();
    await expect(photograph.getByLabel("Upload a photograph")).toBeFocused();
    await photograph
      .getByLabel("Upload a photograph")
      .setInputFiles({ name: "gurdwara.jpg", mimeType: "image/jpeg", buffer: await phoneJpeg() });
    await page.getByLabel(/^Focal point/).fill("50% 15%");
    // An uploaded photograph must be described and credited; the upload itself is kept while they are.
    await page.getByRole("button", { name: "Save" }).first().click();
    await expect(page.getByText("Describe the photograph for people who cannot see it, or mark it as decorative")).toBeVisible();
    await expect(page.getByText("Credit the photographer or source (or give a caption)")).toBeVisible();
    await page.getByLabel(/^Description for screen readers/).fill("Worshippers in the courtyard of a gurdwara");
    await page
      .getByLabel(/^Credit/)
      .first()
      .fill("A staff photographer");
    await page.getByRole("button", { name: "Save" }).first().click();
    await saved(page);
    try {
      const leftCut = await photograph.locator("img").getAttribute("src");
      expect(leftCut).toMatch(/^\/media\/[0-9a-f]{64}\.webp$/);
      await page.getByLabel(/^Focal point/).fill("50% 85%");
      await page.getByRole("button", { name: "Save" }).first().click();
      await saved(page);
      // The same photograph, cut again from its original (a wide frame from a 4:3 photo moves up and down): new files at new addresses.
      const preview = page.getByRole("group", { name: "Photograph", exact: true }).locator("img");
      await expect(preview).not.toHaveAttribute("src", leftCut!);
      await expect(preview).toHaveAttribute("src", /^\/media\/[0-9a-f]{64}\.webp$/);

      await expectNoAxeViolations(page);
      await page.goto("/communities/sikhs");
      const hero = page.locator("main picture").first();
      await expect(hero.locator("img")).toHaveAttribute("src", /^\/media\//);
      const files = await filesOf(page, "main picture");
      for (const { url, bytes } of files) {
        const meta = await sharp(bytes).metadata();
        expect(meta.exif, url).toBeUndefined();
        expect(meta.width! / meta.height!, url).toBeCloseTo(1600 / 640, 1);
      }
    } finally {
      await page.goto(editor);
      await page.getByRole("checkbox", { name: "Remove the photograph when saved" }).check();
      await page.getByLabel(/^Focal point/).fill("50% 30%");
      await page.getByLabel(/^Description for screen readers/).fill("");
      await page
        .getByLabel(/^Credit/)
        .first()
        .fill("");
      await page.getByRole("button", { name: "Save" }).first().click();
      await saved(page);
    }
  },
);

test("a home slide and the shared card are previewed as they will be cut, without JavaScript, and nothing is saved", async ({
  staffPage,
  browser,
}) => {
  test.slow();
  await withoutScript(browser, staffPage, async (page) => {
    await page.goto("/admin/site/pages/pages/home");
    const slide = () => page.getByRole("group", { name: "Slide 3", exact: true });
    await slide()
      .getByLabel("Upload a photograph")
      .setInputFiles({ name: "IMG_0042.jpg", mimeType: "image/jpeg", buffer: await phoneJpeg() });
    await slide()
      .getByLabel(/^Focal point/)
      .fill("50% 20%");
    await page.getByRole("button", { name: "Preview" }).first().click();
    // An uploaded slide is described or marked decorative; the photograph is kept meanwhile.
    await expect(slide().getByText("Describe the photograph for people who cannot see it, or mark it as decorative")).toBeVisible();
    await slide()
      .getByLabel(/^Description for screen readers/)
      .fill("Candles held up at a vigil");
    await page.getByRole("button", { name: "Preview" }).first().click();
    const cut = await slide().getByRole("group", { name: "Photograph" }).locator("img").getAttribute("src");
    expect(cut).toMatch(/^\/media\/[0-9a-f]{64}\.webp$/);
    const shown = page.getByRole("region", { name: "Preview" }).getByRole("img", { name: "Candles held up at a vigil" });
    await expect(shown).toHaveAttribute("src", cut!);
    const frame = await sharp(Buffer.from(await (await page.request.get(cut!)).body())).metadata();
    expect(frame.width! / frame.height!).toBeCloseTo(16 / 9, 2);

    await page.goto("/admin/site/settings");
    const card = page.getByRole("group", { name: "Card shown when a page is shared" });
    await card.getByLabel("Upload a photograph").setInputFiles({ name: "card.jpg", mimeType: "image/jpeg", buffer: await phoneJpeg() });
    await card.getByLabel(/^Card's description/).fill("Members of the alliance in a circle");
    await page.getByRole("button", { name: "Preview" }).first().click();
    const preview = page.getByRole("region", { name: "Preview" });
    await expect(preview.getByRole("img", { name: "Members of the alliance in a circle" })).toHaveAttribute(
      "src",
      /^\/media\/[0-9a-f]{64}\.jpg$/,
    );
    await expect(preview.getByText("The uploaded card, cut to its frame.", { exact: false })).toBeVisible();

    // A preview saves nothing: the site still shows its drawn slide and card.
    await page.goto("/");
    await expect(page.locator('meta[property="og:image"]')).not.toHaveAttribute("content", /\/media\//);
    await expect(page.locator('meta[property="og:image:alt"]')).toHaveAttribute("content", /\S/);
    expect(await page.content()).not.toContain(cut!);
  });
});
