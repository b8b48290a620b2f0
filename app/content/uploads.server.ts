/**
 * Photographs sent with an editor's form (issue 21). Each place an image belongs is a slot: a hidden field
 * holding the image's id, `<slot>.file` carrying a new file, `<slot>.remove` asking to take it away. A file is
 * judged by its bytes and made into its kind's variants, cut around the place's focal point; a refused one is
 * an error at its field, and nothing of it is kept. What the form then saves names the image by its id, so
 * replacing a photograph is a revision like any other, and restoring one brings the old photograph back.
 */
import { eq, like } from "drizzle-orm";
import { data } from "react-router";
import { isMap, isScalar, parseDocument, visit, type Document } from "yaml";
import type { FieldErrors } from "~/lib/validation";
import { MAX_UPLOAD_BYTES, processUpload, UploadRefused, type ImageKind } from "~/lib/image-upload.server";
import { focusOf, type MediaStore } from "~/lib/media.server";
import { audit, SYSTEM, type Actor } from "~/staff/audit.server";
import type { Database } from "../../db/client.server";
import { contentDocuments, contentRevisions } from "../../db/schema";
import { joinFile, splitFile } from "./front-matter.server";
import type { ContentStore } from "./store.server";

export interface ImageSlot {
  /** The form field that holds the image's id. */
  name: string;
  kind: ImageKind;
  /** The form field that holds the focal point, where the place crops (a logo is shown whole). */
  focus?: string;
}

export interface ImageChange {
  slot: string;
  /** The image the place showed before, if any. */
  before: string;
  /** The image it shows now; empty when it was removed. */
  after: string;
}

const IMAGE_ID = /^[0-9a-f]{64}$/;

/** A form's text fields are small: anything well past one photograph's limit is not an editor's form. */
const MAX_FORM_BYTES = MAX_UPLOAD_BYTES + 5 * 1024 * 1024;

/** The editor's form, read only if it is not larger than one photograph and its text could be. */
export async function readEditorForm(request: Request): Promise<FormData> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > MAX_FORM_BYTES)
    throw data(
      {
        error:
          "This photograph is larger than 20 MB, so nothing was saved. Go back, choose a smaller file (export it smaller) and save again.",
      },
      { status: 413 },
    );
  return request.formData();
}

/**
 * Takes the slots' new files, removals and focal points into the form: an accepted file's id replaces the
 * slot's value, and an image kept in place gets the variants of its (perhaps new) focal point.
 */
export async function takeUploads(
  form: FormData,
  slots: ImageSlot[],
  media: MediaStore,
  uploadedBy: string | null,
): Promise<{ errors: FieldErrors; changes: ImageChange[] }> {
  const errors: FieldErrors = {};
  const changes: ImageChange[] = [];
  for (const slot of slots) {
    const before = String(form.get(slot.name) ?? "");
    const focus = focusOf(slot.focus ? String(form.get(slot.focus) ?? "") : undefined);
    const file = form.get(`${slot.name}.file`);
    if (file instanceof File && file.size > 0) {
      try {
        const processed = await processUpload(Buffer.from(await file.arrayBuffer()), slot.kind, focus);
        const { imageId } = await media.save(processed, slot.kind, focus, uploadedBy);
        form.set(slot.name, imageId);
        if (imageId !== before) changes.push({ slot: slot.name, before, after: imageId });
      } catch (err) {
        if (!(err instanceof UploadRefused)) throw err;
        errors[slot.name] = [err.message];
      }
    } else if (form.get(`${slot.name}.remove`) === "on" && before) {
      form.set(slot.name, "");
      changes.push({ slot: slot.name, before, after: "" });
    } else if (IMAGE_ID.test(before) && !(await media.crop(before, slot.kind, focus))) {
      errors[slot.name] = ["This photograph is no longer kept. Upload it again."];
    }
  }
  return { errors, changes };
}

/**
 * After the document is saved: the audit log's lines for its photographs (who uploaded, replaced or removed
 * which), and, when the save changed one, the uploads no version names collected (the hourly retention run
 * collects what other changes leave unnamed).
 */
export async function settleUploads(db: Database, media: MediaStore, actor: Actor, path: string, uploads: { changes: ImageChange[] }) {
  for (const change of uploads.changes)
    await audit(db, actor, {
      action: !change.after ? "image-removed" : change.before ? "image-replaced" : "image-uploaded",
      target: `content:${path}`,
      details: {
        field: change.slot,
        ...(change.before ? { before: change.before } : {}),
        ...(change.after ? { image: change.after } : {}),
      },
    });
  if (uploads.changes.length) await collectUnusedImages(db, media);
}

/**
 * An editor's answer when a photograph was refused: the rest of the form was checked too (as a preview, so
 * nothing was saved), and every error shows at once. A conflict stays a conflict.
 */
export function withUploadErrors<Result extends { kind: string; errors?: FieldErrors }>(
  result: Result,
  uploads: { errors: FieldErrors },
): Result | { kind: "invalid"; errors: FieldErrors } {
  if (!Object.keys(uploads.errors).length || result.kind === "conflict") return result;
  return { kind: "invalid", errors: { ...(result.kind === "invalid" ? result.errors : {}), ...uploads.errors } };
}

/** What an editor shows of each slot's photograph: its smallest variant, cut as the place cuts it. */
export async function slotPreviews(
  media: MediaStore,
  slots: ImageSlot[],
  valueOf: (name: string) => string,
): Promise<Record<string, { src: string; width: number; height: number }>> {
  const previews: Record<string, { src: string; width: number; height: number }> = {};
  for (const slot of slots) {
    const id = valueOf(slot.name);
    if (!IMAGE_ID.test(id)) continue;
    const variants = await media.variants(id, slot.kind, focusOf(slot.focus ? valueOf(slot.focus) : undefined));
    const smallest = variants.filter((v) => v.format === "webp").sort((a, b) => a.width - b.width)[0] ?? variants[0];
    if (smallest) previews[slot.name] = { src: smallest.url, width: smallest.width, height: smallest.height };
  }
  return previews;
}

/** An upload no saved version names yet is spared this long: its editor may still be open. */
const UNSAVED_GRACE_MS = 3_600_000;

/**
 * Deletes the photographs no revision of any document names (an upload whose form was never saved, or whose
 * every version is gone), and their files, on every instance's storage at once.
 */
export async function collectUnusedImages(db: Database, media: MediaStore, now = new Date()) {
  const sources = await db.select({ source: contentRevisions.source }).from(contentRevisions);
  const named = new Set(sources.flatMap((r) => r.source?.match(/\b[0-9a-f]{64}\b/g) ?? []));
  const collected = await media.collect(named, new Date(now.getTime() - UNSAVED_GRACE_MS));
  if (collected.images > 0) await audit(db, SYSTEM, { action: "images-collected", details: collected });
  return collected;
}

const IMAGE_IDS = /\b[0-9a-f]{64}\b/g;

/** The photographs an earlier version of a document shows and the current one does not, newest first. */
export async function imagesOnlyInHistory(store: ContentStore, path: string): Promise<string[]> {
  const current = new Set((await store.get(path))?.source.match(IMAGE_IDS) ?? []);
  const earlier = (await store.history(path)).reverse().flatMap((r) => r.source?.match(IMAGE_IDS) ?? []);
  return [...new Set(earlier)].filter((id) => !current.has(id));
}

/** A document's text without the photograph: the field naming it, and a portrait or card left without one (but a card's description). */
function withoutImage(path: string, source: string, imageId: string): string {
  const yamlFile = path.endsWith(".yaml");
  const file = yamlFile ? { frontMatter: parseDocument(source), body: "" } : splitFile(source);
  const doc: Document = file.frontMatter;
  visit(doc, {
    Pair(_, pair) {
      if (isScalar(pair.value) && pair.value.value === imageId) return visit.REMOVE;
    },
  });
  visit(doc, {
    Pair(_, pair) {
      if (
        isScalar(pair.key) &&
        ["portrait", "socialImage"].includes(String(pair.key.value)) &&
        isMap(pair.value) &&
        !pair.value.has("upload")
      ) {
        // The card's description stays, for the drawn default card.
        pair.value.delete("position");
        if (!pair.value.items.length) return visit.REMOVE;
      }
    },
  });
  return yamlFile ? doc.toString() : joinFile(doc, file.body);
}

/**
 * Deletes a photograph from the site for good, for the person in it: it is taken out of every earlier version
 * of every document (so no restore can bring it back) and its files are deleted, on every instance's storage.
 * Refused while a page shows it: staff remove it there first, and see the page without it.
 */
export async function eraseImage(
  db: Database,
  media: MediaStore,
  actor: Actor,
  imageId: string,
): Promise<{ erased: { revisions: number; files: number } } | { error: string }> {
  if (!IMAGE_ID.test(imageId)) return { error: "There is no such photograph." };
  const shown = await db
    .select({ path: contentDocuments.path })
    .from(contentDocuments)
    .where(like(contentDocuments.source, `%${imageId}%`))
    .orderBy(contentDocuments.path);
  if (shown.length) {
    const where = shown.map((d) => d.path);
    const named = where.length === 1 ? `${where[0]} still shows` : `${where.slice(0, -1).join(", ")} and ${where.at(-1)} still show`;
    return { error: `Not deleted: ${named} this photograph. Remove it there and save first.` };
  }
  const versions = await db
    .select({ id: contentRevisions.id, path: contentRevisions.path, source: contentRevisions.source })
    .from(contentRevisions)
    .where(like(contentRevisions.source, `%${imageId}%`));
  await db.transaction(async (tx) => {
    for (const version of versions)
      await tx
        .update(contentRevisions)
        .set({ source: withoutImage(version.path, version.source!, imageId) })
        .where(eq(contentRevisions.id, version.id));
  });
  const { files } = await media.erase(imageId);
  await audit(db, actor, {
    action: "image-erased",
    target: `image:${imageId.slice(0, 12)}`,
    details: { revisions: versions.length, files, documents: [...new Set(versions.map((v) => v.path))] },
  });
  return { erased: { revisions: versions.length, files } };
}
