import { eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { contactSubmissions, inboxKeyGrants, inboxKeys, staffKeys, staffSessions, staffUsers } from "../../db/schema";
import { forEachDatabase } from "../../tests/helpers/databases";
import { contactForm } from "~/forms/definitions";
import { storeSubmission } from "~/forms/submissions.server";
import { emailIndexOf, blindIndexKey, openContents, type SealedRow } from "~/lib/sealed-submissions.server";
import { SYSTEM } from "./audit.server";
import {
  createInboxKey,
  createPersonalKey,
  finishRotation,
  grantInbox,
  indexPending,
  lockEverySession,
  openWithRecoveryKey,
  readUnlock,
  revokeInbox,
  rotateInboxKey,
  storeUnlock,
  unlockWithPassword,
  unlockWithRecoveryKey,
} from "./inbox-keys.server";

const message: Parameters<typeof storeSubmission<typeof contactForm>>[2] = {
  name: "Layla Haddad",
  email: "Layla@Example.org",
  phone: "+44 20 7946 0000",
  organization: "",
  country: "Iraq",
  community: "Yazidi",
  subject: "Sinjar",
  message: "What happened to my village",
  agree_to_terms: true,
};
const store = (db: Parameters<typeof storeSubmission>[0], data = message) =>
  storeSubmission(db, contactForm, data, { spam: false, clientHash: null, idempotencyKey: null, notify: null, language: "ar" });

async function addUser(db: Parameters<typeof storeSubmission>[0], email: string) {
  const id = crypto.randomUUID();
  await db.insert(staffUsers).values({ id, email, name: email, role: "admin" });
  return { id, email };
}

const rowOf = async (db: Parameters<typeof storeSubmission>[0], id: string) =>
  (await db.select().from(contactSubmissions).where(eq(contactSubmissions.id, id)))[0]! as SealedRow & { emailIndex: string | null };

forEachDatabase("the sealed inbox", (handle) => {
  // Each test starts with no key, no account and no submission: the database is the file's.
  beforeEach(async () => {
    const { db } = handle();
    for (const table of [contactSubmissions, inboxKeys, staffUsers]) await db.delete(table);
  });

  it("refuses to store before an inbox key exists, then seals what it stores so only a holder of the key reads it", async () => {
    const { db } = handle();
    await expect(store(db)).rejects.toThrow(/inbox key/);
    const { recoveryKeys } = await createInboxKey(db, SYSTEM);
    expect(recoveryKeys).toHaveLength(2);
    await expect(createInboxKey(db, SYSTEM)).rejects.toThrow(/already exists/);

    const { id } = await store(db);
    const row = await rowOf(db, id);
    expect(row.format).toBe(1);
    // Nothing the visitor typed is in the row's bytes.
    const raw = JSON.stringify(row) + row.sealed!.toString("latin1") + row.sealedKey!.toString("latin1");
    for (const word of ["Layla", "Example.org", "7946", "Sinjar", "village", "Yazidi"]) expect(raw).not.toContain(word);
    // The padded ciphertext is a bucket's size, not the message's.
    expect(row.sealed!.length).toBe(24 + 512 + 16);

    for (const recovery of recoveryKeys) {
      const keyring = (await openWithRecoveryKey(db, recovery))!;
      expect(openContents("contact_submissions", row, keyring)).toEqual({ fields: message, language: "ar", note: "" });
    }
    expect(
      await openWithRecoveryKey(
        db,
        recoveryKeys[0]!.replace(/^./, (c) => (c === "0" ? "1" : "0")),
      ),
    ).toBeNull();
  });

  it("binds each ciphertext to its row: contents moved to another row do not open", async () => {
    const { db } = handle();
    const { recoveryKeys } = await createInboxKey(db, SYSTEM);
    const keyring = (await openWithRecoveryKey(db, recoveryKeys[0]!))!;
    const a = await rowOf(db, (await store(db)).id);
    const b = await rowOf(db, (await store(db, { ...message, name: "Someone else" })).id);
    expect(openContents("contact_submissions", { ...b, sealed: a.sealed, sealedKey: a.sealedKey }, keyring)).toBeNull();
    expect(openContents("join_submissions", a, keyring)).toBeNull();
  });

  it("unlocks with a staff member's password only once granted; a wrong password, a revoked grant or a new key pair (reset) unlocks nothing", async () => {
    const { db } = handle();
    const admin = await addUser(db, "admin@example.org");
    const staff = await addUser(db, "staff@example.org");
    const adminKey = await createPersonalKey(db, admin.id, "admin password one");
    await createInboxKey(db, SYSTEM, { userId: admin.id, publicKey: adminKey.publicKey });
    const yes = async () => true;

    const unlocked = await unlockWithPassword(db, admin.id, "admin password one", yes);
    expect("keyring" in unlocked).toBe(true);
    expect(await unlockWithPassword(db, admin.id, "admin password two", yes)).toEqual({ problem: "wrong-password" });

    // The staff member's key pair is made at their first unlock; the inbox is theirs only once granted.
    expect(await unlockWithPassword(db, staff.id, "staff password", async () => false)).toEqual({ problem: "wrong-password" });
    expect(await unlockWithPassword(db, staff.id, "staff password", yes)).toEqual({ problem: "no-grant" });
    if (!("keyring" in unlocked)) throw new Error("unreachable");
    await grantInbox(db, SYSTEM, unlocked.keyring, staff);
    expect("keyring" in (await unlockWithPassword(db, staff.id, "staff password", yes))).toBe(true);

    await revokeInbox(db, SYSTEM, staff);
    expect(await unlockWithPassword(db, staff.id, "staff password", yes)).toEqual({ problem: "no-grant" });
    await grantInbox(db, SYSTEM, unlocked.keyring, staff);
    // A reset replaces their key pair: the grant sealed to the old one is gone with it.
    await db.delete(staffKeys).where(eq(staffKeys.userId, staff.id));
    expect(await db.select().from(inboxKeyGrants).where(eq(inboxKeyGrants.userId, staff.id))).toEqual([]);
    expect(await unlockWithPassword(db, staff.id, "staff password", yes)).toEqual({ problem: "no-grant" });
  });

  it("a recovery key gives the inbox back to someone whose grant is gone", async () => {
    const { db } = handle();
    const admin = await addUser(db, "admin@example.org");
    await createPersonalKey(db, admin.id, "admin password one");
    const { recoveryKeys } = await createInboxKey(db, SYSTEM);
    expect(await unlockWithPassword(db, admin.id, "admin password one", async () => true)).toEqual({ problem: "no-grant" });
    expect(await unlockWithRecoveryKey(db, admin, "admin password one", "0000-1111")).toEqual({ problem: "wrong-recovery-key" });
    expect("keyring" in (await unlockWithRecoveryKey(db, admin, "admin password one", recoveryKeys[1]!))).toBe(true);
    expect("keyring" in (await unlockWithPassword(db, admin.id, "admin password one", async () => true))).toBe(true);
  });

  it("keeps a session's keys only for whoever has its cookie, until idle or restart", async () => {
    const { db } = handle();
    const admin = await addUser(db, "admin@example.org");
    const { recoveryKeys } = await createInboxKey(db, SYSTEM);
    const keyring = (await openWithRecoveryKey(db, recoveryKeys[0]!))!;
    await db.insert(staffSessions).values({ id: "s1", token: "t1", userId: admin.id, expiresAt: new Date(Date.now() + 3_600_000) });
    const cookie = await storeUnlock(db, "s1", keyring);
    expect((await readUnlock(db, "s1", cookie, 30))?.current).toBe(keyring.current);
    expect(await readUnlock(db, "s1", Buffer.alloc(32).toString("base64url"), 30)).toBeNull();
    expect(await readUnlock(db, "s1", undefined, 30)).toBeNull();
    expect(await readUnlock(db, "s1", cookie, 0)).toBeNull();
    const again = await storeUnlock(db, "s1", keyring);
    await lockEverySession(db);
    expect(await readUnlock(db, "s1", again, 30)).toBeNull();
  });

  it("indexes rows that arrived while locked, and rotation moves every row to a new key before the old one is destroyed", async () => {
    const { db } = handle();
    const admin = await addUser(db, "admin@example.org");
    const adminKey = await createPersonalKey(db, admin.id, "admin password one");
    await createInboxKey(db, SYSTEM, { userId: admin.id, publicKey: adminKey.publicKey });
    const ids = [(await store(db)).id, (await store(db, { ...message, email: "other@example.org" })).id];
    const unlocked = await unlockWithPassword(db, admin.id, "admin password one", async () => true);
    if (!("keyring" in unlocked)) throw new Error("not unlocked");
    expect((await rowOf(db, ids[0]!)).emailIndex).toBeNull();
    expect(await indexPending(db, unlocked.keyring)).toBe(2);
    expect((await rowOf(db, ids[0]!)).emailIndex).toBe(emailIndexOf(blindIndexKey(unlocked.keyring), "layla@example.org"));

    const rotated = await rotateInboxKey(db, SYSTEM, unlocked.keyring);
    ids.push((await store(db)).id);
    expect((await rowOf(db, ids[2]!)).keyId).toBe(rotated.keyId);
    expect(await finishRotation(db, SYSTEM, rotated.keyring)).toEqual({ resealed: 2, retired: [unlocked.keyring.current] });
    expect(await indexPending(db, rotated.keyring)).toBe(1);
    const keys = await db.select().from(inboxKeys);
    expect(keys.find((k) => k.id === unlocked.keyring.current)?.retiredAt).toBeInstanceOf(Date);
    expect(await db.select().from(inboxKeyGrants).where(eq(inboxKeyGrants.keyId, unlocked.keyring.current))).toEqual([]);
    // The new recovery keys and the admin's password both read every row; the old keyring reads none.
    const byRecovery = (await openWithRecoveryKey(db, rotated.recoveryKeys[0]!))!;
    const byPassword = await unlockWithPassword(db, admin.id, "admin password one", async () => true);
    if (!("keyring" in byPassword)) throw new Error("not unlocked");
    for (const id of ids) {
      const row = await rowOf(db, id);
      expect(openContents("contact_submissions", row, byRecovery)?.fields.subject).toBe("Sinjar");
      expect(openContents("contact_submissions", row, byPassword.keyring)?.fields.subject).toBe("Sinjar");
      expect(openContents("contact_submissions", row, unlocked.keyring)).toBeNull();
      expect(row.emailIndex).not.toBeNull();
    }
  });
});
