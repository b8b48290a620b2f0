/**
 * Staff's corrections of the interface text (issue 34), and each language's review by a native speaker.
 * A correction is one string of one language, stored in the database (`interface_corrections`) and shown
 * instead of the shipped catalog's. It must be ICU MessageFormat taking the same `{values}` as the English,
 * which is checked when it is saved and again whenever an edition is built: a correction that no longer fits
 * (a deploy changed the English string's values) is left out, and visitors see the shipped text.
 *
 * The corrections are part of the edition (app/content/snapshot.server.ts): they are read in the same
 * transaction as the content version, and a save moves the version (app/content/interface-text.server.ts),
 * so a correction shows on every instance within a second, like any content save.
 */
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { createHash } from "node:crypto";
import { and, asc, count, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { interfaceCorrections, interfaceReviews as interfaceReviewsTable, staffUsers } from "../../db/schema";
import { MESSAGE_KEYS, SHIPPED, type InterfaceCorrections } from "./interface-text.server";
import { isLanguageCode, type LanguageCode } from "./languages";
import type { InterfaceText, MessageKey } from "./text";

const KEYS = new Set<string>(MESSAGE_KEYS);
export const isMessageKey = (key: string): key is MessageKey => KEYS.has(key);

/** The longest string staff may save: the longest shipped one is a sentence. */
export const MAX_MESSAGE_LENGTH = 1000;

/** The names a message takes its values by, whatever rules surround them. */
export function argumentsOf(elements: MessageFormatElement[], names = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    names.add(element.value);
    if ("options" in element) for (const option of Object.values(element.options)) argumentsOf(option.value, names);
  }
  return names;
}

/**
 * A message parsed as ICU MessageFormat; throws where it breaks the syntax. Markup is plain text here: the
 * interface text is rendered as React text, never as HTML, so `<b>` is shown as typed.
 */
export const parseMessage = (message: string) => parse(message, { ignoreTag: true });

const englishValues = new Map<MessageKey, Set<string>>();
/** The values a string takes, read from the shipped English: every language's version must take the same. */
function valuesOf(key: MessageKey): Set<string> {
  let values = englishValues.get(key);
  if (!values) englishValues.set(key, (values = argumentsOf(parseMessage(SHIPPED.en[key]!))));
  return values;
}

/** A string's `{values}`, as staff see them beside it. */
export const messageValues = (key: MessageKey) => [...valuesOf(key)].map((name) => `{${name}}`);

const braced = (names: string[]) => names.map((name) => `{${name}}`).join(", ");

/** Why `message` cannot stand for the string `key` in any language; null when it can. */
export function correctionProblem(key: MessageKey, message: string): string | null {
  if (!message.trim()) return "Write the text, or tick “Reset to the shipped text”.";
  if (message.length > MAX_MESSAGE_LENGTH) return `Keep it under ${MAX_MESSAGE_LENGTH.toLocaleString("en")} characters.`;
  // In ICU MessageFormat a straight apostrophe before a brace quotes it: l'{name} shows “l{name}”.
  const apostrophe = /'[{}]/.test(message) ? " A straight apostrophe (') right before a brace hides it: use ’ instead." : "";
  let found: Set<string>;
  try {
    found = argumentsOf(parseMessage(message));
  } catch (err) {
    const at = (err as { location?: { start?: { offset?: number } } }).location?.start?.offset;
    return `The braces do not pair up${at === undefined ? "" : ` (near character ${at + 1})`}: a value is written {name}, as in the English, and a brace on its own cannot be used.${apostrophe}`;
  }
  const wanted = valuesOf(key);
  const missing = [...wanted].filter((name) => !found.has(name));
  const unknown = [...found].filter((name) => !wanted.has(name));
  if (!missing.length && !unknown.length) return null;
  return [
    missing.length
      ? `Put back ${braced(missing)}: the site fills in ${missing.length === 1 ? "a value" : "values"} there, as in the English.`
      : "",
    unknown.length ? `Take out ${braced(unknown)}: the English has no such value, so visitors would see the braces.` : "",
    apostrophe.trim(),
  ]
    .filter(Boolean)
    .join(" ");
}

/**
 * Every correction that fits, by language: what an edition shows. Call it in the edition's transaction, so
 * the corrections are those of the version read with them.
 */
export async function readInterfaceCorrections(db: Database): Promise<InterfaceCorrections> {
  const rows = await db
    .select({ language: interfaceCorrections.language, key: interfaceCorrections.key, message: interfaceCorrections.message })
    .from(interfaceCorrections)
    .orderBy(asc(interfaceCorrections.language), asc(interfaceCorrections.key));
  const found: Partial<Record<LanguageCode, Partial<InterfaceText>>> = {};
  for (const { language, key, message } of rows) {
    if (!isLanguageCode(language) || !isMessageKey(key) || correctionProblem(key, message)) continue;
    (found[language] ??= {})[key] = message;
  }
  for (const language of Object.keys(found) as LanguageCode[]) Object.freeze(found[language]);
  return Object.freeze(found);
}

/** Staff accounts' names by id; an id no longer found is "a removed account". */
async function namesOf(db: Database, ids: (string | null)[]): Promise<(id: string | null) => string | null> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  const people = wanted.length
    ? await db.select({ id: staffUsers.id, name: staffUsers.name }).from(staffUsers).where(inArray(staffUsers.id, wanted))
    : [];
  const names = new Map(people.map((p) => [p.id, p.name]));
  return (id) => (id ? (names.get(id) ?? "a removed account") : null);
}

export interface StoredCorrection {
  message: string;
  savedAt: string;
  /** The name of who saved it; null when it was not saved by a staff account. */
  savedBy: string | null;
  /** Why visitors do not see it (the English's values changed since), or null. */
  problem: string | null;
}

/** One language's corrections, by key, with who saved each and when. */
export async function correctionsOf(db: Database, language: LanguageCode): Promise<Partial<Record<MessageKey, StoredCorrection>>> {
  const rows = await db
    .select({
      key: interfaceCorrections.key,
      message: interfaceCorrections.message,
      savedAt: interfaceCorrections.savedAt,
      savedBy: interfaceCorrections.savedBy,
    })
    .from(interfaceCorrections)
    .where(eq(interfaceCorrections.language, language));
  const nameOf = await namesOf(
    db,
    rows.map((r) => r.savedBy),
  );
  const found: Partial<Record<MessageKey, StoredCorrection>> = {};
  for (const row of rows) {
    if (!isMessageKey(row.key)) continue;
    found[row.key] = {
      message: row.message,
      savedAt: row.savedAt.toISOString(),
      savedBy: nameOf(row.savedBy),
      problem: correctionProblem(row.key, row.message),
    };
  }
  return found;
}

/** How many strings of each language staff corrected. */
export async function correctionCounts(db: Database): Promise<Partial<Record<LanguageCode, number>>> {
  const rows = await db
    .select({ language: interfaceCorrections.language, corrections: count() })
    .from(interfaceCorrections)
    .groupBy(interfaceCorrections.language);
  return Object.fromEntries(rows.filter((r) => isLanguageCode(r.language)).map((r) => [r.language, r.corrections]));
}

export interface CorrectionChange {
  language: LanguageCode;
  /** New text for these strings; a string set to its shipped text loses its correction. */
  set: Partial<Record<MessageKey, string>>;
  /** Strings back to their shipped text. */
  reset: MessageKey[];
  savedBy: string | null;
}

/**
 * Writes a language's corrections and resets in `tx` (each already checked with `correctionProblem`), and
 * resolves to the strings whose text changed: corrected, and back to the shipped text.
 */
export async function writeCorrections(tx: Database, change: CorrectionChange): Promise<{ corrected: MessageKey[]; reset: MessageKey[] }> {
  const { language, savedBy } = change;
  const keys = [...new Set([...Object.keys(change.set), ...change.reset])].sort() as MessageKey[];
  if (!keys.length) return { corrected: [], reset: [] };
  const stored = new Map(
    (
      await tx
        .select({ key: interfaceCorrections.key, message: interfaceCorrections.message })
        .from(interfaceCorrections)
        .where(eq(interfaceCorrections.language, language))
    ).map((r) => [r.key, r.message]),
  );
  const shipped = SHIPPED[language];
  const corrected: MessageKey[] = [];
  const reset: MessageKey[] = [];
  for (const key of keys) {
    const message = change.reset.includes(key) ? undefined : change.set[key];
    const before = stored.get(key);
    if (message === undefined || message === shipped[key]) {
      if (before === undefined) continue;
      await tx.delete(interfaceCorrections).where(and(eq(interfaceCorrections.language, language), eq(interfaceCorrections.key, key)));
      reset.push(key);
    } else if (message !== before) {
      await tx
        .insert(interfaceCorrections)
        .values({ language, key, message, savedBy })
        .onConflictDoUpdate({
          target: [interfaceCorrections.language, interfaceCorrections.key],
          set: { message, savedBy, savedAt: new Date() },
        });
      corrected.push(key);
    }
  }
  return { corrected, reset };
}

/**
 * The shipped catalogs a review is measured against: the running release's (`SHIPPED`), or, in tests, another
 * one standing for a later release.
 */
export type ShippedCatalog = Readonly<Record<LanguageCode, Readonly<Partial<Record<MessageKey, string>>>>>;

/**
 * What a review read of one string: a short hash of its shipped English and of the language's shipped text (none
 * where the language lacks it and shows the English). A release that adds the string, changes its English or
 * its translation gives it another fingerprint. Staff's corrections are not part of it: correcting a string is
 * what a reviewer does, not something a review must be asked for again.
 */
export const fingerprintOf = (english: string | undefined, own: string | undefined) =>
  createHash("sha256")
    .update(JSON.stringify([english ?? null, own ?? null]))
    .digest("base64url")
    .slice(0, 12);

const fingerprinted = new WeakMap<ShippedCatalog, Map<LanguageCode, Record<string, string>>>();
/** Every string's fingerprint in `language`, by key, for the strings the catalog ships (its English's keys). */
export function fingerprintsOf(language: LanguageCode, catalog: ShippedCatalog = SHIPPED): Record<string, string> {
  let byLanguage = fingerprinted.get(catalog);
  if (!byLanguage) fingerprinted.set(catalog, (byLanguage = new Map()));
  let found = byLanguage.get(language);
  if (!found) {
    const english = catalog.en as Record<string, string | undefined>;
    const own = catalog[language] as Record<string, string | undefined>;
    found = Object.freeze(Object.fromEntries(Object.keys(english).map((key) => [key, fingerprintOf(english[key], own[key])])));
    byLanguage.set(language, found);
  }
  return found;
}

export interface Review {
  reviewedAt: string;
  /** The name of who marked it reviewed. */
  reviewedBy: string | null;
  /** The strings added, or whose shipped English or text changed, since the review: no native speaker has read them. */
  awaitingReview: MessageKey[];
}

/**
 * The languages whose interface text a native speaker has reviewed, with who marked it and when, and the strings
 * the running release (`catalog`) ships that the review did not cover.
 *
 * A review recorded before reviews kept their strings (migration 0016) has none: it is taken to cover the catalog
 * the running release ships, and that is written down at its first read (one UPDATE per such review), so a later
 * release's strings do await review. A release that added strings in the deploy that brought this in cannot be
 * told from the reviewed ones: they count as reviewed (docs/i18n.md says so).
 */
export async function interfaceReviews(db: Database, catalog: ShippedCatalog = SHIPPED): Promise<Partial<Record<LanguageCode, Review>>> {
  const rows = (await db.select().from(interfaceReviewsTable)).filter((r): r is typeof r & { language: LanguageCode } =>
    isLanguageCode(r.language),
  );
  const nameOf = await namesOf(
    db,
    rows.map((r) => r.reviewedBy),
  );
  const found: Partial<Record<LanguageCode, Review>> = {};
  for (const row of rows) {
    let strings = row.strings;
    if (!strings) {
      strings = fingerprintsOf(row.language, catalog);
      // Only if it still has none: a review marked meanwhile has recorded its own.
      await db
        .update(interfaceReviewsTable)
        .set({ strings })
        .where(and(eq(interfaceReviewsTable.language, row.language), isNull(interfaceReviewsTable.strings)));
    }
    const now = fingerprintsOf(row.language, catalog);
    found[row.language] = {
      reviewedAt: row.reviewedAt.toISOString(),
      reviewedBy: nameOf(row.reviewedBy),
      awaitingReview: Object.keys(now).filter((key) => strings[key] !== now[key]) as MessageKey[],
    };
  }
  return found;
}

/**
 * Marks a language's interface text reviewed (by the staff account `reviewedBy`), covering every string the
 * catalog ships now, or, with null, not reviewed; resolves to whether that changed anything. Marking a reviewed
 * language again records today's strings, by today's reviewer, when strings were added or changed since; it
 * changes nothing when none were.
 */
export async function writeReview(
  tx: Database,
  language: LanguageCode,
  review: { reviewedBy: string | null } | null,
  catalog: ShippedCatalog = SHIPPED,
): Promise<boolean> {
  if (!review) {
    const gone = await tx
      .delete(interfaceReviewsTable)
      .where(eq(interfaceReviewsTable.language, language))
      .returning({ language: interfaceReviewsTable.language });
    return gone.length > 0;
  }
  const strings = fingerprintsOf(language, catalog);
  const written = await tx
    .insert(interfaceReviewsTable)
    .values({ language, reviewedBy: review.reviewedBy, strings })
    .onConflictDoUpdate({
      target: interfaceReviewsTable.language,
      set: { reviewedBy: review.reviewedBy, reviewedAt: new Date(), strings },
      setWhere: sql`${interfaceReviewsTable.strings} is distinct from excluded.strings`,
    })
    .returning({ language: interfaceReviewsTable.language });
  return written.length > 0;
}
