/**
 * Photographs sent with an editor's form (issue 21): each kind of refused file is refused with its reason and
 * leaves nothing behind; a partner's logo, a home slide and the shared-page card go from the form into the
 * saved document and the site's list of uploaded images; removing one takes it out of the document.
 */
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../db/client.server";
import { phoneJpeg, photo, pngClaiming } from "../../tests/helpers/photographs";
import { createMediaStore, memoryBlobStore, type MediaStore } from "~/lib/media.server";
import { SYSTEM } from "~/staff/audit.server";
import { contentFiles, siteContentFrom, uploadedImagesOf } from "./content.server";
import { setUploadedImages, socialImageUrl } from "~/lib/images.server";
import { imageSlotsOf, PARTNERS_PATH } from "./page-form";
import { SETTINGS_PATH, SOCIAL_CARD_SLOT } from "./settings";
import { readSettingsForm, saveSettings, settingsForm } from "./settings.server";
import { pageForm, readPageForm, savePage } from "./pages.server";
import { createContentStore, type ContentStore } from "./store.server";
import { collectUnusedImages, eraseImage, imagesOnlyInHistory, settleUploads, takeUploads } from "./uploads.server";

let database: DatabaseHandle;
let media: MediaStore;
let store: ContentStore;
beforeAll(async () => {
  database = await openDatabase({ dataDir: "memory://" });
  media = createMediaStore(database.db, memoryBlobStore());
  store = createContentStore(
    database.db,
    (documents) => void siteContentFrom(documents),
    async () => {},
  );
  await store.seed(contentFiles);
});
afterAll(() => database?.close());

const count = async (table: string) =>
  Number(
    ((await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] }).rows[0]!.n,
  );

/** The editor's form for a document as a browser sends it: every field as it stands, plus what is given. */
async function formFor(path: string, extra: Record<string, string | File>) {
  const stored = (await store.get(path))!;
  const shown = pageForm(path, stored);
  const form = new FormData();
  form.set("revision", String(stored.revision));
  for (const [name, value] of Object.entries(shown.values)) form.set(name, value);
  for (const [list, rows] of Object.entries(shown.lists))
    rows.forEach((row, i) => Object.entries(row).forEach(([name, value]) => form.set(`${list}.${i}.${name}`, value)));
  form.set("body", shown.body);
  for (const [name, value] of Object.entries(extra)) form.set(name, value);
  return form;
}

/** The file's hash in its address, /media/<sha256>.<ext>. */
const hashIn = (url: string) => url.slice("/media/".length).split(".")[0]!;

const rows = (form: FormData) => (list: string) =>
  Math.max(0, ...[...form.keys()].map((key) => Number(new RegExp(`^${list}\\.(\\d+)\\.`).exec(key)?.[1] ?? -1) + 1));

describe("photographs sent with an editor's form", () => {
  it("refuses each kind of unsafe file at its field, with its reason, and keeps nothing of it", async () => {
    const jpeg = await phoneJpeg();
    const png = await (await photo(300, 200)).png().toBuffer();
    const refused: [string, Buffer, RegExp][] = [
      ["an SVG with a script", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), /SVG drawings/],
      [
        "a PNG with HTML after it",
        Buffer.concat([png, Buffer.from("<html><script>alert(1)</script></html>")]),
        /something other than a picture/,
      ],
      ["a 60-megapixel image", pngClaiming(8000, 7500), /60 megapixels/],
      ["a truncated JPEG", jpeg.subarray(0, Math.floor(jpeg.length / 2)), /damaged or incomplete/],
      ["a PDF named .jpg", Buffer.from("%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n"), /a PDF file, whatever its name says/],
    ];
    for (const [what, bytes, reason] of refused) {
      const form = await formFor("communities/yazidis.md", {
        "image.upload.file": new File([new Uint8Array(bytes)], "photo.jpg", { type: "image/jpeg" }),
      });
      const { errors, changes } = await takeUploads(form, imageSlotsOf("communities", rows(form)), media, "staff-1");
      expect(errors["image.upload"]?.[0], what).toMatch(reason);
      expect(changes, what).toEqual([]);
      expect(form.get("image.upload"), what).toBe("");
    }
    expect(await count("media_files")).toBe(0);
    expect(await count("images")).toBe(0);
  });

  it("saves a partner's logo and a home slide into their documents, shown whole and cut, and audits each", async () => {
    const logo = await sharp({ create: { width: 900, height: 300, channels: 4, background: { r: 20, g: 60, b: 120, alpha: 1 } } })
      .png()
      .toBuffer();
    const partners = await formFor(PARTNERS_PATH, {
      "partners.0.logo.file": new File([new Uint8Array(logo)], "logo.png", { type: "image/png" }),
    });
    const logoUpload = await takeUploads(partners, imageSlotsOf("partners", rows(partners)), media, "staff-1");
    expect(logoUpload.errors).toEqual({});
    const logoId = String(partners.get("partners.0.logo"));
    expect(logoId).toMatch(/^[0-9a-f]{64}$/);
    expect(await savePage(store, database.db, SYSTEM, PARTNERS_PATH, readPageForm(PARTNERS_PATH, partners), "save")).toMatchObject({
      kind: "saved",
    });
    await settleUploads(database.db, media, SYSTEM, PARTNERS_PATH, logoUpload);

    const home = await formFor("pages/home.md", {
      "slides.2.upload.file": new File([new Uint8Array(await phoneJpeg())], "IMG_0042.jpg", { type: "image/jpeg" }),
      "slides.2.position": "50% 20%",
    });
    const slideUpload = await takeUploads(home, imageSlotsOf("home", rows(home)), media, "staff-1");
    expect(slideUpload.errors).toEqual({});
    expect(await savePage(store, database.db, SYSTEM, "pages/home.md", readPageForm("pages/home.md", home), "save")).toMatchObject({
      kind: "saved",
    });
    await settleUploads(database.db, media, SYSTEM, "pages/home.md", slideUpload);

    const site = siteContentFrom(await store.documents());
    expect(site.partners[0]!.logo).toBe(logoId);
    expect(site.home.slides[2]).toMatchObject({ upload: String(home.get("slides.2.upload")), position: "50% 20%" });
    // The other slides keep their empty alt text and gain no empty photograph.
    expect((await store.get("pages/home.md"))!.source).not.toMatch(/upload: ""/);
    expect(uploadedImagesOf(site).map((r) => r.kind)).toEqual(["logo", "slide"]);

    // A logo is fitted whole on a transparent ground, never cut: a 3:1 mark in a 2:1 frame keeps its ends.
    const [variant] = (await media.variants(logoId)).filter((v) => v.format === "webp");
    const bytes = (await media.file(hashIn(variant!.url)))!.bytes;
    const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(data[3]).toBe(0); // the top-left corner is transparent
    const middle = (Math.floor(info.height / 2) * info.width + 1) * 4;
    expect(data[middle + 3]).toBe(255); // the left end of the mark is there

    const audited = (await database.db.execute(
      sql`select action, target from audit_log where action like 'image-%' order by id`,
    )) as unknown as { rows: { action: string; target: string }[] };
    expect(audited.rows).toEqual([
      { action: "image-uploaded", target: `content:${PARTNERS_PATH}` },
      { action: "image-uploaded", target: "content:pages/home.md" },
    ]);
  });

  it("puts an uploaded card in the shared-page tags, as a JPEG cut to the card's frame", async () => {
    const form = new FormData();
    const shown = settingsForm((await store.get(SETTINGS_PATH))!);
    form.set("revision", String(shown.revision));
    for (const [name, value] of Object.entries(shown.values)) form.set(name, value);
    for (const group of shown.placeholders) form.set(`${group}.placeholder`, "on");
    form.set("socialImage.upload.file", new File([new Uint8Array(await phoneJpeg())], "card.jpg", { type: "image/jpeg" }));
    form.set("socialImage.position", "50% 40%");
    const { errors } = await takeUploads(form, [SOCIAL_CARD_SLOT], media, "staff-1");
    expect(errors).toEqual({});
    expect(await saveSettings(store, database.db, SYSTEM, readSettingsForm(form))).toEqual({ kind: "saved" });
    const site = siteContentFrom(await store.documents());
    setUploadedImages(await media.lookup(uploadedImagesOf(site)));
    const card = socialImageUrl("https://example.org", "social/default", site.site.socialImage);
    expect(card).toMatch(/^https:\/\/example\.org\/media\/[0-9a-f]{64}\.jpg$/);
    const bytes = (await media.file(hashIn(new URL(card).pathname)))!.bytes;
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(["jpeg", 1200, 630, undefined]);
  });

  it("takes a removed photograph out of its document, and keeps it while an earlier version names it", async () => {
    const form = await formFor(PARTNERS_PATH, { "partners.0.logo.remove": "on" });
    const { changes } = await takeUploads(form, imageSlotsOf("partners", rows(form)), media, "staff-1");
    expect(changes).toEqual([{ slot: "partners.0.logo", before: expect.stringMatching(/^[0-9a-f]{64}$/), after: "" }]);
    expect(await savePage(store, database.db, SYSTEM, PARTNERS_PATH, readPageForm(PARTNERS_PATH, form), "save")).toMatchObject({
      kind: "saved",
    });
    expect(siteContentFrom(await store.documents()).partners[0]!.logo).toBeUndefined();
    // Its history can still restore it, so its files stay until no version names it.
    expect(await collectUnusedImages(database.db, media, new Date(Date.now() + 7_200_000))).toEqual({ images: 0, files: 0 });
    expect(await media.file(changes[0]!.before)).not.toBeNull();
  });

  it("deletes a photograph from every version for good, but not while a page still shows it", async () => {
    const logo = (await imagesOnlyInHistory(store, PARTNERS_PATH))[0]!;
    const variants = await media.variants(logo);
    const slide = siteContentFrom(await store.documents()).home.slides[2]!.upload!;
    expect(await eraseImage(database.db, media, SYSTEM, slide)).toEqual({
      // The card above is the same photograph as the slide: one image, shown in two places.
      error: "Not deleted: pages/home.md and site.yaml still show this photograph. Remove it there and save first.",
    });

    expect(await eraseImage(database.db, media, SYSTEM, logo)).toEqual({ erased: { revisions: 1, files: variants.length + 1 } });
    const history = await store.history(PARTNERS_PATH);
    expect(history.some((r) => r.source?.includes(logo))).toBe(false);
    // The version that showed it still reads as valid content: restoring it gives the stand-in.
    for (const { source } of history) siteContentFrom({ ...(await store.documents()), [PARTNERS_PATH]: source! });
    expect(await media.file(logo)).toBeNull();
    for (const v of variants) expect(await media.file(hashIn(v.url))).toBeNull();
    expect(await imagesOnlyInHistory(store, PARTNERS_PATH)).toEqual([]);
    expect(await media.file(slide)).not.toBeNull();
  });
});
