/**
 * Staff's corrections of the interface text, as stored (issue 34): a save is checked string by string, moves
 * the content version and is audited in one transaction, and the next edition has it; a reset, a review, a
 * correction the English no longer fits. On both databases, as the edition is read in its own transaction.
 */
import { desc, eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { readContentVersion } from "../../db/content-version.server";
import { auditLog, interfaceCorrections, interfaceReviews as interfaceReviewsTable, staffUsers } from "../../db/schema";
import { forEachDatabase } from "../../tests/helpers/databases";
import { correctionsOf, fingerprintsOf, interfaceReviews, type ShippedCatalog } from "~/i18n/interface-corrections.server";
import { SHIPPED } from "~/i18n/interface-text.server";
import type { MessageKey } from "~/i18n/text";
import { markInterfaceTextReviewed, saveInterfaceText, type InterfaceTextForm } from "./interface-text.server";
import { createContentStore } from "./store.server";

const ACTOR = { id: "translator-1", email: "translator@example.org" };

type Strings = Partial<Record<MessageKey, string>>;
/** The form as the page shows `language`'s strings (the shipped text, or `corrected`), with `typed` changed and `reset` ticked. */
function form(language: "ckb" | "fr", typed: Strings, reset: MessageKey[] = [], corrected: Strings = {}): InterfaceTextForm {
  const shown = { ...SHIPPED[language], ...corrected };
  return { shown, typed: { ...shown, ...typed }, reset };
}

forEachDatabase("interface text corrections", (handle) => {
  let published = 0;
  const store = () =>
    createContentStore(handle().db, {
      basis: () => ({ version: "0", documents: {} }),
      assemble: () => {
        throw new Error("not used");
      },
      publish: async () => {
        published++;
        return { live: true };
      },
    });
  const save = (language: "ckb" | "fr", sent: InterfaceTextForm) => saveInterfaceText(store(), handle().db, ACTOR, language, sent);
  const lastAudit = async () => (await handle().db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];

  beforeAll(async () => {
    await handle().db.insert(staffUsers).values({ id: ACTOR.id, name: ACTOR.email, email: ACTOR.email });
  });

  it("saves a string, moves the version, publishes, and the next edition has it; the audit names the keys, not the text", async () => {
    const before = await readContentVersion(handle().db);
    const saved = await save("ckb", form("ckb", { "nav.home": "  سەرەتا\r\n" }));
    expect(saved).toEqual({ kind: "saved", corrected: ["nav.home"], reset: [], live: true });
    expect(published).toBe(1);
    const edition = await store().edition();
    expect(BigInt(edition.version)).toBe(BigInt(before) + 1n);
    expect(edition.interfaceCorrections).toEqual({ ckb: { "nav.home": "سەرەتا" } });
    expect((await correctionsOf(handle().db, "ckb"))["nav.home"]).toMatchObject({
      message: "سەرەتا",
      savedBy: ACTOR.email,
      problem: null,
    });
    expect(await lastAudit()).toMatchObject({
      action: "interface-text-saved",
      actorEmail: ACTOR.email,
      target: "interface-text:ckb",
      details: { language: "ckb", corrected: ["nav.home"], reset: [] },
    });
  });

  it("refuses the whole form for one bad string, saying why at that string, and moves nothing", async () => {
    const version = await readContentVersion(handle().db);
    const saved = await save("fr", form("fr", { "nav.about": "À propos", "footer.rights": "© {year}" }));
    expect(saved).toEqual({
      kind: "invalid",
      errors: { "footer.rights": [expect.stringContaining("Put back {organization}: the site fills in a value there")] },
    });
    expect(await readContentVersion(handle().db)).toBe(version);
    expect(await correctionsOf(handle().db, "fr")).toEqual({});
  });

  it("leaves a string the form did not change, even one corrected by someone else since the page was opened", async () => {
    // The page showed the shipped text; meanwhile nav.home was corrected (above). Saving another string keeps it.
    const saved = await save("ckb", form("ckb", { "nav.about": "دەربارە" }));
    expect(saved).toMatchObject({ kind: "saved", corrected: ["nav.about"] });
    expect((await store().edition()).interfaceCorrections?.ckb).toEqual({ "nav.home": "سەرەتا", "nav.about": "دەربارە" });
    expect(await save("ckb", form("ckb", {}))).toEqual({ kind: "unchanged" });
  });

  it("resets a string to the shipped text, ticked or typed back", async () => {
    const corrected = { "nav.home": "سەرەتا", "nav.about": "دەربارە" };
    const saved = await save("ckb", form("ckb", { "nav.about": SHIPPED.ckb["nav.about"] }, ["nav.home"], corrected));
    expect(saved).toMatchObject({ kind: "saved", corrected: [], reset: ["nav.about", "nav.home"] });
    expect((await store().edition()).interfaceCorrections).toEqual({});
    expect(await lastAudit()).toMatchObject({ details: { language: "ckb", corrected: [], reset: ["nav.about", "nav.home"] } });
  });

  it("leaves out of the edition a stored correction the English no longer fits, and says so to staff", async () => {
    await handle()
      .db.insert(interfaceCorrections)
      .values({ language: "fr", key: "footer.rights", message: "© {annee}", savedBy: ACTOR.id });
    expect((await store().edition()).interfaceCorrections).toEqual({});
    expect((await correctionsOf(handle().db, "fr"))["footer.rights"]?.problem).toContain("Put back {year}, {organization}");
    await handle().db.delete(interfaceCorrections).where(eq(interfaceCorrections.language, "fr"));
  });

  it("marks a language reviewed by whom and when, and not reviewed again, each in the audit log", async () => {
    expect(await interfaceReviews(handle().db)).toEqual({});
    expect(await markInterfaceTextReviewed(handle().db, ACTOR, "ckb", true)).toBe(true);
    expect(await markInterfaceTextReviewed(handle().db, ACTOR, "ckb", true)).toBe(false);
    expect(await interfaceReviews(handle().db)).toEqual({
      ckb: { reviewedBy: ACTOR.email, reviewedAt: expect.any(String), awaitingReview: [] },
    });
    expect(await lastAudit()).toMatchObject({ action: "interface-text-reviewed", details: { language: "ckb" } });
    expect(await markInterfaceTextReviewed(handle().db, ACTOR, "ckb", false)).toBe(true);
    expect(await interfaceReviews(handle().db)).toEqual({});
    expect(await lastAudit()).toMatchObject({ action: "interface-text-unreviewed" });
  });

  /** A later release: one string added, one string's English changed, one Sorani string changed. */
  const later = {
    ...SHIPPED,
    en: { ...SHIPPED.en, "nav.about": "About this site", "later.added": "New" },
    ckb: { ...SHIPPED.ckb, "nav.home": "ماڵەوە", "later.added": "نوێ" },
  } as ShippedCatalog;
  const reviews = (catalog?: ShippedCatalog) => interfaceReviews(handle().db, catalog);
  const storedStrings = async (language: string) =>
    (await handle().db.select().from(interfaceReviewsTable).where(eq(interfaceReviewsTable.language, language)))[0]?.strings;

  it("covers the strings as they were reviewed: those a later release adds or changes await review until it is marked reviewed again", async () => {
    expect(await markInterfaceTextReviewed(handle().db, ACTOR, "ckb", true)).toBe(true);
    expect(await reviews()).toEqual({ ckb: expect.objectContaining({ awaitingReview: [] }) });
    // The same database read by the later release: its new and changed strings were never read by a native speaker.
    expect((await reviews(later)).ckb?.awaitingReview).toEqual(["nav.home", "nav.about", "later.added"]);
    expect(await markInterfaceTextReviewed(handle().db, ACTOR, "ckb", true, later)).toBe(true);
    expect(await lastAudit()).toMatchObject({ action: "interface-text-reviewed", details: { language: "ckb" } });
    expect((await reviews(later)).ckb?.awaitingReview).toEqual([]);
    expect(await markInterfaceTextReviewed(handle().db, ACTOR, "ckb", true, later)).toBe(false);
    // Read by today's release again, the two strings it ships differently were not what the reviewer read.
    expect((await reviews()).ckb?.awaitingReview).toEqual(["nav.home", "nav.about"]);
    expect(await markInterfaceTextReviewed(handle().db, ACTOR, "ckb", false)).toBe(true);
  });

  it("counts a string whose fingerprint the review lacks or has otherwise as awaiting review, and a corrected one as it was", async () => {
    await markInterfaceTextReviewed(handle().db, ACTOR, "fr", true);
    const { "nav.home": _dropped, ...rest } = (await storedStrings("fr"))!;
    await handle()
      .db.update(interfaceReviewsTable)
      .set({ strings: { ...rest, "footer.rights": "another" } })
      .where(eq(interfaceReviewsTable.language, "fr"));
    expect((await reviews()).fr?.awaitingReview).toEqual(["nav.home", "footer.rights"]);
    // Staff's corrections are what a reviewer makes: they leave the review as it is.
    await save("fr", form("fr", { "nav.about": "À propos de nous" }));
    expect((await reviews()).fr?.awaitingReview).toEqual(["nav.home", "footer.rights"]);
    expect(await markInterfaceTextReviewed(handle().db, ACTOR, "fr", true)).toBe(true);
    expect((await reviews()).fr?.awaitingReview).toEqual([]);
    await markInterfaceTextReviewed(handle().db, ACTOR, "fr", false);
    await handle().db.delete(interfaceCorrections).where(eq(interfaceCorrections.language, "fr"));
  });

  it("takes a review recorded before reviews kept their strings as covering today's catalog, written down at its first read", async () => {
    await handle().db.insert(interfaceReviewsTable).values({ language: "fa", reviewedBy: ACTOR.id });
    expect(await storedStrings("fa")).toBeNull();
    expect(await reviews()).toEqual({ fa: { reviewedBy: ACTOR.email, reviewedAt: expect.any(String), awaitingReview: [] } });
    expect(await storedStrings("fa")).toEqual(fingerprintsOf("fa"));
    // Written down, so a later release's new string awaits review (the Persian text changed nowhere else).
    expect((await reviews(later)).fa?.awaitingReview).toEqual(["nav.about", "later.added"]);
    await markInterfaceTextReviewed(handle().db, ACTOR, "fa", false);
  });
});
