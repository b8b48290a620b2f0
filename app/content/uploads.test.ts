/**
 * Photographs sent with an editor's form (issue 21): each kind of refused file is refused with its reason and
 * leaves nothing behind; a partner's logo, a home slide and the shared-page card go from the form into the
 * saved document and the site's list of uploaded images; removing one takes it out of the document.
 */
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.server";
import { phoneJpeg, photo, pngClaiming } from "../../tests/helpers/photographs";
import { createMediaStore, memoryBlobStore, type BlobStore, type MediaStore } from "~/lib/media.server";
import { SYSTEM, type Actor } from "~/staff/audit.server";
import { scheduleRetention } from "~/staff/retention.server";
import { siteContentFrom, uploadedImagesOf } from "./content.server";
import { createPictures } from "~/lib/images.server";
import { pageMeta } from "~/lib/seo";
import type { PictureData } from "~/lib/images";
import { restoreRevision } from "./history.server";
import { kindOf } from "./document-kinds.server";
import { formOf, readForm, rowsIn, saveDocument } from "./editing.server";
import { imageSlotsOf } from "./editor-shape";
import { PARTNERS_PATH, SETTINGS_PATH } from "./editors";
import type { ContentStore } from "./store.server";
import { seededContentStore } from "../../tests/helpers/content-store";
import { collectUnusedImages, eraseImage, imagesOnlyInHistory, settleUploads, takeUploads } from "./uploads.server";

let database: DatabaseHandle;
let blobs: BlobStore;
let media: MediaStore;
let store: ContentStore;
beforeAll(async () => {
  ({ handle: database, store } = await seededContentStore());
  blobs = memoryBlobStore();
  media = createMediaStore(database.db, blobs);
});
afterAll(() => database?.close());

const count = async (table: string) =>
  Number(
    ((await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] }).rows[0]!.n,
  );

/** The editor's form for a document as a browser sends it: every field as it stands, plus what is given. */
async function formFor(path: string, extra: Record<string, string | File>) {
  const stored = (await store.get(path))!;
  const shown = formOf(path, stored);
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
/** A person's portrait in their editor: its place, and its focal point beside it. */
const PORTRAIT = "portrait.upload";
const PORTRAIT_FOCUS = "portrait.position";

const hashIn = (url: string) => url.slice("/media/".length).split(".")[0]!;

/** The photographs' places in a document's editor, for the rows the form has. */
const slotsOf = (path: string, form: FormData) => imageSlotsOf(kindOf(path)!.kind.shape, rowsIn(form));

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
      const { errors, changes } = await takeUploads(form, slotsOf("communities/yazidis.md", form), media, "staff-1");
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
    const logoUpload = await takeUploads(partners, slotsOf(PARTNERS_PATH, partners), media, "staff-1");
    expect(logoUpload.errors).toEqual({});
    const logoId = String(partners.get("partners.0.logo"));
    expect(logoId).toMatch(/^[0-9a-f]{64}$/);
    expect(await saveDocument(store, database.db, SYSTEM, PARTNERS_PATH, readForm(PARTNERS_PATH, partners), "save")).toMatchObject({
      kind: "saved",
    });
    await settleUploads(database.db, media, SYSTEM, PARTNERS_PATH, logoUpload);

    const home = await formFor("pages/home.md", {
      "slides.2.upload.file": new File([new Uint8Array(await phoneJpeg())], "IMG_0042.jpg", { type: "image/jpeg" }),
      "slides.2.position": "50% 20%",
    });
    const slideUpload = await takeUploads(home, slotsOf("pages/home.md", home), media, "staff-1");
    expect(slideUpload.errors).toEqual({});
    // An uploaded slide is described, or marked decorative: refused at its field otherwise, in preview as in a save.
    const homeRevision = (await store.get("pages/home.md"))!.revision;
    const homePage = () => readForm("pages/home.md", home);
    expect(await saveDocument(store, database.db, SYSTEM, "pages/home.md", homePage(), "preview")).toEqual({
      kind: "invalid",
      errors: { "slides.2.alt": ["Describe the photograph for people who cannot see it, or mark it as decorative"] },
    });
    home.set("slides.2.decorative", "on");
    expect(await saveDocument(store, database.db, SYSTEM, "pages/home.md", homePage(), "preview")).toMatchObject({ kind: "preview" });
    expect((await store.get("pages/home.md"))!.revision).toBe(homeRevision);
    home.delete("slides.2.decorative");
    home.set("slides.2.alt", "Candles held up at a vigil");
    expect(await saveDocument(store, database.db, SYSTEM, "pages/home.md", homePage(), "save")).toMatchObject({
      kind: "saved",
    });
    await settleUploads(database.db, media, SYSTEM, "pages/home.md", slideUpload);

    const site = siteContentFrom(await store.documents());
    expect(site.partners[0]!.logo).toBe(logoId);
    expect(site.home.slides[2]).toMatchObject({
      upload: String(home.get("slides.2.upload")),
      position: "50% 20%",
      alt: "Candles held up at a vigil",
    });
    // The other slides keep their empty alt text and gain no empty photograph.
    expect((await store.get("pages/home.md"))!.source).not.toMatch(/upload: ""/);
    expect(uploadedImagesOf(site).map((r) => r.kind)).toEqual(["logo", "slide"]);

    // A logo is fitted whole on a transparent ground, never cut: a 3:1 mark in a 2:1 frame keeps its ends.
    const [variant] = (await media.variants(logoId, "logo")).filter((v) => v.format === "webp");
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

  it("puts an uploaded card in the shared-page tags, as a JPEG cut to the card's frame, with its description, after a preview that saves nothing", async () => {
    const revision = (await store.get(SETTINGS_PATH))!.revision;
    const form = await formFor(SETTINGS_PATH, {
      "socialImage.upload.file": new File([new Uint8Array(await phoneJpeg())], "card.jpg", { type: "image/jpeg" }),
      "socialImage.position": "50% 40%",
    });
    const { errors } = await takeUploads(form, slotsOf(SETTINGS_PATH, form), media, "staff-1");
    expect(errors).toEqual({});
    const settings = () => saveDocument(store, database.db, SYSTEM, SETTINGS_PATH, readForm(SETTINGS_PATH, form), "preview");
    expect(await settings()).toMatchObject({ kind: "preview" });
    expect((await store.get(SETTINGS_PATH))!.revision).toBe(revision);
    form.set("socialImage.alt", "Members of the alliance holding hands in a circle");
    expect(await saveDocument(store, database.db, SYSTEM, SETTINGS_PATH, readForm(SETTINGS_PATH, form), "save")).toMatchObject({
      kind: "saved",
      live: true,
    });
    const site = siteContentFrom(await store.documents());
    expect(site.site.socialImage?.alt).toBe("Members of the alliance holding hands in a circle");
    const pictures = createPictures(await media.lookup(uploadedImagesOf(site)));
    const card = pictures.socialImageUrl("https://example.org", "social/default", site.site.socialImage);
    expect(card).toMatch(/^https:\/\/example\.org\/media\/[0-9a-f]{64}\.jpg$/);
    const root = {
      siteUrl: "https://example.org",
      siteName: "Common Bond",
      socialImage: card,
      socialImageAlt: site.site.socialImage!.alt!,
    };
    const tags = pageMeta({ title: "Home", description: "The alliance", path: "/", root });
    expect(tags).toContainEqual({ property: "og:image:alt", content: "Members of the alliance holding hands in a circle" });
    const bytes = (await media.file(hashIn(new URL(card).pathname)))!.bytes;
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(["jpeg", 1200, 630, undefined]);
  });

  it("takes a removed photograph out of its document, and keeps it while an earlier version names it", async () => {
    const form = await formFor(PARTNERS_PATH, { "partners.0.logo.remove": "on" });
    const { changes } = await takeUploads(form, slotsOf(PARTNERS_PATH, form), media, "staff-1");
    expect(changes).toEqual([{ slot: "partners.0.logo", before: expect.stringMatching(/^[0-9a-f]{64}$/), after: "" }]);
    expect(await saveDocument(store, database.db, SYSTEM, PARTNERS_PATH, readForm(PARTNERS_PATH, form), "save")).toMatchObject({
      kind: "saved",
    });
    expect(siteContentFrom(await store.documents()).partners[0]!.logo).toBeUndefined();
    // Its history can still restore it, so its files stay until no version names it.
    expect(await collectUnusedImages(database.db, media, new Date(Date.now() + 7_200_000))).toEqual({ images: 0, files: 0 });
    expect(await blobs.get(changes[0]!.before)).not.toBeNull();
  });

  it("deletes a photograph from every version for good, but not while a page still shows it", async () => {
    const logo = (await imagesOnlyInHistory(store, PARTNERS_PATH))[0]!;
    const variants = await media.variants(logo, "logo");
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
    expect(await blobs.get(logo)).toBeNull();
    for (const v of variants) expect(await media.file(hashIn(v.url))).toBeNull();
    expect(await imagesOnlyInHistory(store, PARTNERS_PATH)).toEqual([]);
    expect(await blobs.get(slide)).not.toBeNull();
  });
});

describe("a replaced portrait, restored from its history, and the audit log", () => {
  const editor: Actor = { id: "staff-7", email: "editor@example.org" };
  const path = "team/directors/amira-placeholder.md";

  /** The person's editor as a browser sends it, with what is given; the uploads taken and the form saved as staff's. */
  async function saveThePerson(extra: Record<string, string | File>) {
    const form = await formFor(path, extra);
    const uploads = await takeUploads(form, slotsOf(path, form), media, editor.id);
    expect(uploads.errors).toEqual({});
    expect(await saveDocument(store, database.db, editor, path, readForm(path, form), "save")).toMatchObject({ kind: "saved", live: true });
    await settleUploads(database.db, media, editor, path, uploads);
    return String(form.get(PORTRAIT));
  }

  /** The portrait the person's page draws now, as the server builds it after a change. */
  async function portraitShown() {
    const site = siteContentFrom(await store.documents());
    const pictures = createPictures(await media.lookup(uploadedImagesOf(site)));
    const member = site.directors.find((m) => m.id === "amira-placeholder")!;
    return pictures.picture("team/directors/amira-placeholder", member.name, { ...member.portrait, kind: "portrait" });
  }
  const urlsOf = (variants: { url: string }[]) => variants.map((v) => v.url).sort();
  const urlsIn = (shown: PictureData) =>
    shown.sources
      .flatMap((s) => s.srcSet.split(", "))
      .map((entry) => entry.split(" ")[0]!)
      .sort();
  const file = (image: Buffer) => new File([new Uint8Array(image)], "portrait.jpg", { type: "image/jpeg" });

  it("shows the older photograph's own variants again once its revision is restored, and logs who uploaded, replaced and removed it", async () => {
    const first = await saveThePerson({ [`${PORTRAIT}.file`]: file(await (await photo(400, 500)).jpeg().toBuffer()) });
    const withFirst = (await store.get(path))!.revision;
    const second = await saveThePerson({
      [`${PORTRAIT}.file`]: file(await (await photo(480, 600)).jpeg().toBuffer()),
      [PORTRAIT_FOCUS]: "50% 30%",
    });
    expect(second).not.toBe(first);
    expect(urlsIn(await portraitShown())).toEqual(urlsOf(await media.variants(second, "portrait", { x: 50, y: 30 })));

    // The replaced photograph is kept while its revision can be restored (collected after the grace, too).
    expect(await collectUnusedImages(database.db, media, new Date(Date.now() + 7_200_000))).toEqual({ images: 0, files: 0 });
    const restored = await restoreRevision(store, database.db, editor, path, withFirst, (await store.get(path))!.revision);
    expect(restored).toMatchObject({ restored: expect.any(Number) });
    const firstVariants = await media.variants(first, "portrait");
    expect(firstVariants).toHaveLength(4);
    expect(urlsIn(await portraitShown())).toEqual(urlsOf(firstVariants));

    await saveThePerson({ [`${PORTRAIT}.remove`]: "on" });
    expect((await portraitShown()).placeholder).toBe(true);

    const logged = (await database.db.execute(
      sql`select action, actor_id, actor_email, target, details from audit_log where target = ${`content:${path}`} and action like 'image-%' order by id`,
    )) as unknown as { rows: { action: string; actor_id: string; actor_email: string; target: string; details: Record<string, string> }[] };
    expect(logged.rows).toEqual([
      {
        action: "image-uploaded",
        actor_id: "staff-7",
        actor_email: "editor@example.org",
        target: `content:${path}`,
        details: { field: PORTRAIT, image: first },
      },
      {
        action: "image-replaced",
        actor_id: "staff-7",
        actor_email: "editor@example.org",
        target: `content:${path}`,
        details: { field: PORTRAIT, before: first, image: second },
      },
      {
        action: "image-removed",
        actor_id: "staff-7",
        actor_email: "editor@example.org",
        target: `content:${path}`,
        details: { field: PORTRAIT, before: first },
      },
    ]);
  });

  it("logs the photographs it collects, as the system's doing, once no version names them", async () => {
    // Uploaded in an editor that was never saved: no revision names it.
    const form = new FormData();
    form.set(`${PORTRAIT}.file`, file(await (await photo(360, 450)).jpeg().toBuffer()));
    await takeUploads(form, slotsOf(path, form), media, editor.id);
    const unsaved = String(form.get(PORTRAIT));
    expect(await collectUnusedImages(database.db, media)).toEqual({ images: 0, files: 0 }); // within the hour's grace
    const collected = await collectUnusedImages(database.db, media, new Date(Date.now() + 7_200_000));
    expect(collected).toEqual({ images: 1, files: 5 });
    expect(await blobs.get(unsaved)).toBeNull();
    const logged = (await database.db.execute(
      sql`select actor_id, actor_email, details from audit_log where action = 'images-collected' order by id desc limit 1`,
    )) as unknown as { rows: { actor_id: string | null; actor_email: string | null; details: unknown }[] };
    expect(logged.rows).toEqual([{ actor_id: null, actor_email: null, details: { images: 1, files: 5 } }]);
  });

  it("collects a photograph no one saved at the hourly retention run, without waiting for a save", async () => {
    const form = new FormData();
    form.set(`${PORTRAIT}.file`, file(await (await photo(300, 420)).jpeg().toBuffer()));
    await takeUploads(form, slotsOf(path, form), media, editor.id);
    const abandoned = String(form.get(PORTRAIT));
    await database.db.execute(sql`update images set uploaded_at = now() - interval '2 hours' where id = ${abandoned}`);
    const errors: unknown[] = [];
    const retention = scheduleRetention(
      database,
      365,
      (err) => errors.push(err),
      undefined,
      () => collectUnusedImages(database.db, media),
    );
    await retention.stop();
    expect(errors).toEqual([]);
    expect(await blobs.get(abandoned)).toBeNull();
    expect(await media.thumbnail(abandoned)).toBeNull();
  });
});
