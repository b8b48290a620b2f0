/**
 * The site settings as staff edit them (the staff area's Site section): the organisation's name, its contact
 * email, the social links, the donation page and the home page video. A save edits site.yaml's text in place,
 * so its comments and layout stay, and is checked by the same schema as the file (siteSchema).
 */
import { isMap, parseDocument } from "yaml";
import type { Published } from "~/lib/published";
import type { FieldErrors } from "~/lib/validation";
import { audit, type Actor } from "~/staff/audit.server";
import { siteSchema } from "./schemas";
import { SETTING_GROUPS, SETTINGS_PATH, SOCIAL_CARD_ALT, SOCIAL_CARD_SLOT } from "./settings";
import type { ContentStore, StoredDocument } from "./store.server";

const FIELDS = SETTING_GROUPS.flatMap((group) => group.fields);
const pathOf = (name: string) => name.split(".").map((part) => (/^\d+$/.test(part) ? Number(part) : part));

export type SettingValues = Record<string, string>;
/** The form's values: every field's text, the groups still marked as stand-ins, and the revision it started from. */
export interface SettingsForm {
  values: SettingValues;
  /** The shared-page card: an uploaded image's id (empty: the drawn default), its focal point and its description. */
  socialImage: { upload: string; position: string; alt: string };
  placeholders: string[];
  revision: number;
}

/** What the form shows for the stored text. */
export function settingsForm(document: StoredDocument): SettingsForm {
  const doc = parseDocument(document.source);
  const values = Object.fromEntries(FIELDS.map((f) => [f.name, String(doc.getIn(pathOf(f.name)) ?? "")]));
  const placeholders = SETTING_GROUPS.filter((g) => doc.getIn([g.key, "placeholder"]) === true).map((g) => g.key);
  const socialImage = {
    upload: String(doc.getIn(["socialImage", "upload"]) ?? ""),
    position: String(doc.getIn(["socialImage", "position"]) ?? ""),
    alt: String(doc.getIn(["socialImage", "alt"]) ?? ""),
  };
  return { values, placeholders, socialImage, revision: document.revision };
}

/** The submitted form, as typed. */
export function readSettingsForm(form: FormData): SettingsForm {
  return {
    values: Object.fromEntries(FIELDS.map((f) => [f.name, String(form.get(f.name) ?? "").trim()])),
    placeholders: SETTING_GROUPS.filter((g) => form.get(`${g.key}.placeholder`) === "on").map((g) => g.key),
    socialImage: {
      upload: String(form.get(SOCIAL_CARD_SLOT.name) ?? "").trim(),
      position: String(form.get(SOCIAL_CARD_SLOT.focus) ?? "").trim(),
      alt: String(form.get(SOCIAL_CARD_ALT) ?? "").trim(),
    },
    revision: Number(form.get("revision")) || 0,
  };
}

/** site.yaml's text with the form's values written in, comments and layout kept; or what is wrong, per field. */
function applySettings(source: string, form: SettingsForm): { source: string } | { errors: FieldErrors } {
  const doc = parseDocument(source);
  for (const field of FIELDS) doc.setIn(pathOf(field.name), form.values[field.name]);
  for (const group of SETTING_GROUPS) {
    const node = doc.get(group.key, true);
    if (!isMap(node)) continue;
    if (form.placeholders.includes(group.key)) node.set("placeholder", true);
    else node.delete("placeholder");
  }
  const card = form.socialImage;
  // The description stays with the drawn default card too.
  const kept = {
    ...(card.upload ? { upload: card.upload, position: card.position || "50% 50%" } : {}),
    ...(card.alt ? { alt: card.alt } : {}),
  };
  if (Object.keys(kept).length) doc.set("socialImage", doc.createNode(kept));
  else if (doc.has("socialImage")) doc.delete("socialImage");
  const parsed = siteSchema.safeParse(doc.toJS());
  if (parsed.success) return { source: doc.toString() };
  const errors: FieldErrors = {};
  // An address that is neither https nor an address breaks two rules in the same words: say them once.
  const add = (name: string, message: string) => {
    const messages = (errors[name] ??= []);
    if (!messages.includes(message)) messages.push(message);
  };
  for (const issue of parsed.error.issues) {
    const name = issue.path.join(".");
    if (FIELDS.some((f) => f.name === name) || name === SOCIAL_CARD_SLOT.focus || name === SOCIAL_CARD_ALT) add(name, issue.message);
    else if (name === SOCIAL_CARD_SLOT.name) add(name, "Upload the card again");
  }
  // A rule no field shows (the file itself broken) is not the editor's to fix here.
  if (Object.keys(errors).length === 0) throw new Error(`site.yaml is not valid: ${parsed.error.message}`);
  return { errors };
}

export type SaveSettingsResult =
  | ({ kind: "saved" } & Published)
  /** Checked and not saved: the editor shows the card as it would be. */
  | { kind: "preview" }
  | { kind: "invalid"; errors: FieldErrors }
  /** Someone saved since this editor started: the fields they changed, with what is stored now. */
  | { kind: "conflict"; changed: { label: string; stored: string }[]; revision: number };

export async function saveSettings(
  store: ContentStore,
  db: Parameters<typeof audit>[0],
  actor: Actor,
  form: SettingsForm,
  intent: "save" | "preview" = "save",
): Promise<SaveSettingsResult> {
  const current = await store.get(SETTINGS_PATH);
  if (!current) throw new Error("site.yaml is missing from the content documents");
  const applied = applySettings(current.source, form);
  if ("errors" in applied) return { kind: "invalid", errors: applied.errors };
  if (intent === "preview") return { kind: "preview" };
  const saved = await store.save({ path: SETTINGS_PATH, revision: form.revision, source: applied.source, savedBy: actor.id ?? "system" });
  if ("conflict" in saved) return conflictWith(store, form.revision, saved.current ?? current);
  await audit(db, actor, { action: "content-saved", target: `content:${SETTINGS_PATH}`, details: { revision: saved.revision } });
  return { kind: "saved", live: saved.live };
}

/** The fields whose stored value differs from the revision the editor started from. */
async function conflictWith(store: ContentStore, startedFrom: number, current: StoredDocument): Promise<SaveSettingsResult> {
  const base = (await store.history(SETTINGS_PATH)).find((r) => r.revision === startedFrom)?.source;
  const before = base ? settingsForm({ source: base, revision: startedFrom }).values : {};
  const now = settingsForm(current).values;
  const changed = FIELDS.filter((f) => before[f.name] !== now[f.name]).map((f) => ({ label: f.label, stored: now[f.name] ?? "" }));
  return { kind: "conflict", changed, revision: current.revision };
}
