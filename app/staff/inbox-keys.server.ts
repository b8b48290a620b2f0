/**
 * Who can open the sealed inbox (issue 35, decision 014).
 *
 * - The inbox key pair: its public key in inbox_keys; its private key only in grants (inbox_key_grants).
 * - Each staff member's own key pair: the private key encrypted under a key derived from their password with
 *   Argon2id (staff_keys: the password slot). A grant to them is the inbox private key sealed to their public key,
 *   so an unlocked administrator can grant without the other person's password.
 * - Two recovery keys, shown once when the inbox key is made: each opens a grant of its own.
 * - Unlocking opens the person's grants into a keyring, stored for the session encrypted under a key that only
 *   the session's unlock cookie holds (inbox_unlocks): any instance can use it, none can read it alone.
 */
import { and, eq, inArray, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { inboxKeyGrants, inboxKeys, inboxUnlocks, staffKeys, submissionTables } from "../../db/schema";
import {
  currentInboxKey,
  indexesOf,
  openContents,
  resealDataKey,
  SEALED_FORMAT,
  type InboxPublicKey,
  type Keyring,
} from "~/lib/sealed-submissions.server";
import {
  decrypt,
  deriveKey,
  encrypt,
  generateKeyPair,
  keyFromPassword,
  newSalt,
  openSealed,
  PASSWORD_STRENGTH,
  randomBytes,
  randomKey,
  sealTo,
  wipe,
  type KeyPair,
} from "~/lib/sealing.server";
import { audit, type Actor } from "./audit.server";

export class InboxKeyError extends Error {}

const RECOVERY_HOLDERS = ["recovery:1", "recovery:2"] as const;
const userHolder = (userId: string) => `user:${userId}`;

/* ---------- Recovery keys: 32 random bytes, written as 16 groups of four hex digits to be printed. ---------- */

const formatRecoveryKey = (key: Buffer) => key.toString("hex").match(/.{4}/g)!.join("-");

function parseRecoveryKey(text: string): Buffer | null {
  const hex = text.toLowerCase().replace(/[^0-9a-f]/g, "");
  return hex.length === 64 ? Buffer.from(hex, "hex") : null;
}

const recoveryContext = (keyId: string, holder: string) => `inbox_key_grants:${keyId}:${holder}`;

/* ---------- Keyrings as bytes (for the session's copy). ---------- */

function keyringBytes(keyring: Keyring): Buffer {
  return Buffer.from(
    JSON.stringify({
      current: keyring.current,
      keys: [...keyring.keys].map(([id, k]) => [id, k.publicKey.toString("base64"), k.privateKey.toString("base64")]),
    }),
  );
}

function keyringOf(bytes: Buffer): Keyring {
  const parsed = JSON.parse(bytes.toString("utf8")) as { current: string; keys: [string, string, string][] };
  return {
    current: parsed.current,
    keys: new Map(
      parsed.keys.map(([id, pub, priv]) => [id, { publicKey: Buffer.from(pub, "base64"), privateKey: Buffer.from(priv, "base64") }]),
    ),
  };
}

/** The keys in use (not retired), newest first. */
async function liveKeys(db: Database) {
  return db
    .select({ id: inboxKeys.id, publicKey: inboxKeys.publicKey, createdAt: inboxKeys.createdAt })
    .from(inboxKeys)
    .where(isNull(inboxKeys.retiredAt))
    .orderBy(sql`${inboxKeys.createdAt} desc`);
}

/** A keyring from opened private keys; the newest live key is current. */
async function keyringFrom(db: Database, opened: Map<string, Buffer>): Promise<Keyring | null> {
  const live = await liveKeys(db);
  const keys = new Map<string, KeyPair>();
  for (const key of live) {
    const privateKey = opened.get(key.id);
    if (privateKey) keys.set(key.id, { publicKey: key.publicKey, privateKey });
  }
  const current = live[0]?.id;
  return current && keys.has(current) ? { current, keys } : null;
}

/* ---------- Personal keys: the password slot. ---------- */

const personalContext = (userId: string) => `staff_keys:${userId}`;

/** Makes (or replaces) a staff member's own key pair, its private key under their password. Replacing drops their grants. */
export async function createPersonalKey(db: Database, userId: string, password: string): Promise<KeyPair> {
  const pair = generateKeyPair();
  const salt = newSalt();
  const wrapping = await keyFromPassword(password, salt, PASSWORD_STRENGTH);
  const values = {
    userId,
    publicKey: pair.publicKey,
    salt,
    opsLimit: PASSWORD_STRENGTH.opsLimit,
    memLimit: PASSWORD_STRENGTH.memLimit,
    wrappedPrivateKey: encrypt(wrapping, pair.privateKey, personalContext(userId)),
  };
  wipe(wrapping);
  await db.delete(staffKeys).where(eq(staffKeys.userId, userId));
  await db.insert(staffKeys).values(values);
  return pair;
}

/** Their key pair, or "wrong-password", or "none" when they have no personal key yet. */
export async function openPersonalKey(db: Database, userId: string, password: string): Promise<KeyPair | "wrong-password" | "none"> {
  const [row] = await db.select().from(staffKeys).where(eq(staffKeys.userId, userId));
  if (!row) return "none";
  const wrapping = await keyFromPassword(password, row.salt, { opsLimit: row.opsLimit, memLimit: row.memLimit });
  const privateKey = decrypt(wrapping, row.wrappedPrivateKey, personalContext(userId));
  wipe(wrapping);
  return privateKey ? { publicKey: row.publicKey, privateKey } : "wrong-password";
}

/** A new password keeps the same key pair (and so the grants): only its wrapping changes. */
export async function rewrapPersonalKey(db: Database, userId: string, oldPassword: string, newPassword: string): Promise<boolean> {
  const pair = await openPersonalKey(db, userId, oldPassword);
  if (pair === "none") return true;
  if (pair === "wrong-password") return false;
  const salt = newSalt();
  const wrapping = await keyFromPassword(newPassword, salt, PASSWORD_STRENGTH);
  await db
    .update(staffKeys)
    .set({ salt, ...PASSWORD_STRENGTH, wrappedPrivateKey: encrypt(wrapping, pair.privateKey, personalContext(userId)) })
    .where(eq(staffKeys.userId, userId));
  wipe(wrapping, pair.privateKey);
  return true;
}

/* ---------- The inbox key: made once, rotated, granted. ---------- */

const newKeyId = () => randomBytes(6).toString("hex");

/** Seals a private key to each holder: the given staff members' public keys, and two new recovery keys. */
async function grantNewKey(
  db: Database,
  actor: Actor,
  keyId: string,
  privateKey: Buffer,
  holders: { userId: string; publicKey: Buffer }[],
) {
  const recoveryKeys = RECOVERY_HOLDERS.map(() => randomKey());
  await db.insert(inboxKeyGrants).values([
    ...RECOVERY_HOLDERS.map((holder, i) => ({
      keyId,
      holder,
      sealedPrivateKey: encrypt(deriveKey(recoveryKeys[i]!, "recovery"), privateKey, recoveryContext(keyId, holder)),
      grantedBy: actor.email,
    })),
    ...holders.map((h) => ({
      keyId,
      holder: userHolder(h.userId),
      userId: h.userId,
      sealedPrivateKey: sealTo(h.publicKey, privateKey),
      grantedBy: actor.email,
    })),
  ]);
  return recoveryKeys.map(formatRecoveryKey);
}

/**
 * Makes the inbox key, once: returns its two recovery keys, which exist nowhere else. `holder`: the staff member
 * making it in the staff area, who gets a grant at once.
 */
export async function createInboxKey(db: Database, actor: Actor, holder?: { userId: string; publicKey: Buffer }) {
  return db.transaction(async (tx) => {
    // One key at a time: a second administrator making one at the same moment waits here, then finds it.
    await tx.execute(sql`lock table ${inboxKeys} in exclusive mode`);
    if (await currentInboxKey(tx)) throw new InboxKeyError("The inbox key already exists.");
    const id = newKeyId();
    const pair = generateKeyPair();
    await tx.insert(inboxKeys).values({ id, publicKey: pair.publicKey });
    const recoveryKeys = await grantNewKey(tx, actor, id, pair.privateKey, holder ? [holder] : []);
    wipe(pair.privateKey);
    await audit(tx, actor, { action: "inbox-key-created", target: `inbox-key:${id}` });
    return { keyId: id, recoveryKeys };
  });
}

/**
 * A staff member's key pair opened with their password; an account set up before sealing has none, and gets
 * one now, once the password is shown to be theirs (by the sign-in's own hash).
 */
export async function personalKeyOf(
  db: Database,
  userId: string,
  password: string,
  passwordIsTheirs: () => Promise<boolean>,
): Promise<KeyPair | "wrong-password"> {
  const pair = await openPersonalKey(db, userId, password);
  if (pair !== "none") return pair;
  return (await passwordIsTheirs()) ? createPersonalKey(db, userId, password) : "wrong-password";
}

/** Everything an unlock can say. */
export type UnlockResult = { keyring: Keyring } | { problem: "wrong-password" | "no-grant" | "no-key" | "wrong-recovery-key" };

/** Opens a staff member's grants with their password (their personal key made now if they had none). */
export async function unlockWithPassword(
  db: Database,
  userId: string,
  password: string,
  passwordIsTheirs: () => Promise<boolean>,
): Promise<UnlockResult> {
  const pair = await personalKeyOf(db, userId, password, passwordIsTheirs);
  if (pair === "wrong-password") return { problem: "wrong-password" };
  if (!(await currentInboxKey(db))) return { problem: "no-key" };
  const grants = await db
    .select()
    .from(inboxKeyGrants)
    .where(eq(inboxKeyGrants.holder, userHolder(userId)));
  const opened = new Map<string, Buffer>();
  for (const grant of grants) {
    const privateKey = openSealed(pair, grant.sealedPrivateKey);
    if (privateKey) opened.set(grant.keyId, privateKey);
  }
  wipe(pair.privateKey);
  const keyring = await keyringFrom(db, opened);
  return keyring ? { keyring } : { problem: "no-grant" };
}

/** The inbox's live keys, opened with a recovery key; null when the key is not one of them. */
export async function openWithRecoveryKey(db: Database, recoveryText: string): Promise<Keyring | null> {
  const recovery = parseRecoveryKey(recoveryText);
  if (!recovery) return null;
  const grants = await db
    .select()
    .from(inboxKeyGrants)
    .where(inArray(inboxKeyGrants.holder, [...RECOVERY_HOLDERS]));
  const opened = new Map<string, Buffer>();
  const wrapping = deriveKey(recovery, "recovery");
  for (const grant of grants) {
    const privateKey = decrypt(wrapping, grant.sealedPrivateKey, recoveryContext(grant.keyId, grant.holder));
    if (privateKey) opened.set(grant.keyId, privateKey);
  }
  wipe(wrapping, recovery);
  return keyringFrom(db, opened);
}

/** Opens the inbox with a recovery key, and grants it to the staff member who typed it (the recovery drill). */
export async function unlockWithRecoveryKey(
  db: Database,
  actor: Actor & { id: string },
  password: string,
  recoveryText: string,
): Promise<UnlockResult> {
  const pair = await openPersonalKey(db, actor.id, password);
  if (pair === "wrong-password" || pair === "none") return { problem: "wrong-password" };
  const keyring = await openWithRecoveryKey(db, recoveryText);
  if (!keyring) return { problem: "wrong-recovery-key" };
  await grantKeyring(db, actor, keyring, actor.id, pair.publicKey);
  await audit(db, actor, { action: "inbox-recovered", target: `staff:${actor.email}` });
  return { keyring };
}

async function grantKeyring(db: Database, actor: Actor, keyring: Keyring, userId: string, publicKey: Buffer) {
  for (const [keyId, keys] of keyring.keys) {
    await db
      .insert(inboxKeyGrants)
      .values({ keyId, holder: userHolder(userId), userId, sealedPrivateKey: sealTo(publicKey, keys.privateKey), grantedBy: actor.email })
      .onConflictDoUpdate({
        target: [inboxKeyGrants.keyId, inboxKeyGrants.holder],
        set: { sealedPrivateKey: sealTo(publicKey, keys.privateKey), grantedBy: actor.email },
      });
  }
}

/** An unlocked staff member gives another the inbox. They must have set a password since sealing began. */
export async function grantInbox(db: Database, actor: Actor, keyring: Keyring, user: { id: string; email: string }) {
  const [personal] = await db.select({ publicKey: staffKeys.publicKey }).from(staffKeys).where(eq(staffKeys.userId, user.id));
  if (!personal)
    throw new InboxKeyError(
      `${user.email} has no key of their own yet: they get one when they set up their account (an account set up before sealing, when it first unlocks). Then give them the inbox.`,
    );
  await grantKeyring(db, actor, keyring, user.id, personal.publicKey);
  await audit(db, actor, { action: "inbox-granted", target: `staff:${user.email}` });
}

export async function revokeInbox(db: Database, actor: Actor, user: { id: string; email: string }) {
  await db.delete(inboxKeyGrants).where(eq(inboxKeyGrants.holder, userHolder(user.id)));
  await db.delete(inboxUnlocks).where(sql`${inboxUnlocks.sessionId} in (select id from staff_sessions where user_id = ${user.id})`);
  await audit(db, actor, { action: "inbox-revoked", target: `staff:${user.email}` });
}

/** How many submissions, in both tables, match `where`. */
async function countSubmissions(db: Database, where: (t: (typeof submissionTables)[keyof typeof submissionTables]) => SQL | undefined) {
  const counts = await Promise.all(
    Object.values(submissionTables).map(
      async (t) =>
        (
          await db
            .select({ n: sql<number>`count(*)::int` })
            .from(t)
            .where(where(t))
        )[0]!.n,
    ),
  );
  return counts.reduce((a, b) => a + b, 0);
}

/** Sealed to another key than `keyId`: rows a rotation has still to move. */
const notYetOn = (keyId: string) => (t: (typeof submissionTables)[keyof typeof submissionTables]) =>
  and(eq(t.format, SEALED_FORMAT), sql`${t.keyId} <> ${keyId}`);

/** The keys in use, and how many rows are still sealed to an older one (a rotation not yet finished). */
export async function inboxKeyStatus(db: Database) {
  const live = await liveKeys(db);
  const current = live[0];
  const onOlder = current ? await countSubmissions(db, notYetOn(current.id)) : 0;
  const waiting = await countSubmissions(db, (t) => eq(t.format, 0));
  return {
    current: current ? { id: current.id, createdAt: current.createdAt } : null,
    olderKeys: live.slice(1).map((k) => k.id),
    rowsOnOlderKeys: onOlder,
    rowsNotSealed: waiting,
  };
}

/** Which accounts hold the current key, and which could be given it (they have a personal key). */
export async function inboxHolders(db: Database) {
  const key = await currentInboxKey(db);
  const granted = key
    ? await db
        .select({ userId: inboxKeyGrants.userId })
        .from(inboxKeyGrants)
        .where(and(eq(inboxKeyGrants.keyId, key.id), sql`${inboxKeyGrants.userId} is not null`))
    : [];
  const personal = await db.select({ userId: staffKeys.userId }).from(staffKeys);
  return {
    keyId: key?.id ?? null,
    granted: new Set(granted.map((g) => g.userId!)),
    canBeGranted: new Set(personal.map((p) => p.userId)),
  };
}

/* ---------- The session's copy. ---------- */

const unlockContext = (sessionId: string) => `inbox_unlocks:${sessionId}`;

/** Keeps the keyring for the session; returns the cookie's value, the only key that opens it. */
export async function storeUnlock(db: Database, sessionId: string, keyring: Keyring): Promise<string> {
  const cookieKey = randomKey();
  const sealedKeys = encrypt(cookieKey, keyringBytes(keyring), unlockContext(sessionId));
  await db
    .insert(inboxUnlocks)
    .values({ sessionId, sealedKeys })
    .onConflictDoUpdate({ target: inboxUnlocks.sessionId, set: { sealedKeys, lastUsedAt: new Date() } });
  const value = cookieKey.toString("base64url");
  wipe(cookieKey);
  return value;
}

/** The session's keyring, while it is unlocked and has been used within `idleMinutes`; each use moves that on. */
export async function readUnlock(
  db: Database,
  sessionId: string,
  cookieValue: string | undefined,
  idleMinutes: number,
): Promise<Keyring | null> {
  if (!cookieValue) return null;
  const [row] = await db.select().from(inboxUnlocks).where(eq(inboxUnlocks.sessionId, sessionId));
  if (!row) return null;
  const idleSince = Date.now() - row.lastUsedAt.getTime();
  if (idleSince > idleMinutes * 60_000) {
    await lockSession(db, sessionId);
    return null;
  }
  const cookieKey = Buffer.from(cookieValue, "base64url");
  const bytes = cookieKey.length === 32 ? decrypt(cookieKey, row.sealedKeys, unlockContext(sessionId)) : null;
  if (!bytes) return null;
  // A write at most once a minute, like the session's own expiry.
  if (idleSince > 60_000) await db.update(inboxUnlocks).set({ lastUsedAt: new Date() }).where(eq(inboxUnlocks.sessionId, sessionId));
  return keyringOf(bytes);
}

export async function lockSession(db: Database, sessionId: string) {
  await db.delete(inboxUnlocks).where(eq(inboxUnlocks.sessionId, sessionId));
}

/** At start: a restarted server begins locked. */
export async function lockEverySession(db: Database) {
  await db.delete(inboxUnlocks);
}

/** Unlocks idle past the limit, whether or not their session comes back. */
export async function lockIdleSessions(db: Database, idleMinutes: number) {
  await db.delete(inboxUnlocks).where(lt(inboxUnlocks.lastUsedAt, new Date(Date.now() - idleMinutes * 60_000)));
}

/* ---------- The blind index and rotation: background work an unlocked keyring makes possible. ---------- */

const BATCH = 200;

/** Indexes rows that arrived while everyone was locked (or were indexed under an earlier key); the number indexed. */
export async function indexPending(db: Database, keyring: Keyring): Promise<number> {
  let indexed = 0;
  for (const [table, t] of Object.entries(submissionTables)) {
    for (;;) {
      const rows = await db
        .select({ id: t.id, format: t.format, keyId: t.keyId, sealedKey: t.sealedKey, sealed: t.sealed })
        .from(t)
        .where(and(eq(t.format, SEALED_FORMAT), sql`${t.indexKeyId} is distinct from ${keyring.current}`))
        .limit(BATCH);
      // One statement a batch: an update and a commit per row made indexing 10,000 rows take ten seconds and more.
      const indexes = rows.flatMap((row) => {
        const contents = openContents(table, row, keyring);
        return contents ? [{ id: row.id, ...indexesOf(keyring, contents.fields) }] : [];
      });
      if (indexes.length > 0) {
        const values = sql.join(
          indexes.map((i) => sql`(${i.id}::uuid, ${i.emailIndex}::text, ${i.phoneIndex}::text)`),
          sql`, `,
        );
        await db.execute(
          sql`update ${t} set email_index = v.email_index, phone_index = v.phone_index, index_key_id = ${keyring.current}
              from (values ${values}) as v(id, email_index, phone_index) where ${t.id} = v.id`,
        );
      }
      const progressed = indexes.length;
      indexed += progressed;
      if (rows.length < BATCH || progressed === 0) break;
    }
  }
  return indexed;
}

/**
 * Rotation, first step: a new inbox key, granted to every staff member who holds the current one, with two new
 * recovery keys. New submissions are sealed to it from now on; `finishRotation` moves the older rows.
 */
export async function rotateInboxKey(db: Database, actor: Actor, keyring: Keyring) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${inboxKeys} in exclusive mode`);
    const holders = await tx
      .select({ userId: staffKeys.userId, publicKey: staffKeys.publicKey })
      .from(inboxKeyGrants)
      .innerJoin(staffKeys, eq(staffKeys.userId, inboxKeyGrants.userId))
      .where(eq(inboxKeyGrants.keyId, keyring.current));
    const id = newKeyId();
    const pair = generateKeyPair();
    await tx.insert(inboxKeys).values({ id, publicKey: pair.publicKey, createdAt: new Date() });
    const recoveryKeys = await grantNewKey(tx, actor, id, pair.privateKey, holders);
    const next: Keyring = { current: id, keys: new Map([...keyring.keys, [id, pair]]) };
    await audit(tx, actor, { action: "inbox-key-rotated", target: `inbox-key:${id}`, details: { replaces: keyring.current } });
    return { keyId: id, recoveryKeys, keyring: next };
  });
}

/**
 * Rotation, second step: every row's data key sealed to the newest key (and indexed under it), then each older
 * key retired: its grants, recovery slots included, deleted, and every unlocked session locked, since their
 * copies hold it. Resumable: a step interrupted by a restart is finished by the next one.
 */
export async function finishRotation(db: Database, actor: Actor, keyring: Keyring): Promise<{ resealed: number; retired: string[] }> {
  const target = (await liveKeys(db))[0];
  if (!target || target.id !== keyring.current) return { resealed: 0, retired: [] };
  const to: InboxPublicKey = target;
  let resealed = 0;
  for (const [table, t] of Object.entries(submissionTables)) {
    for (;;) {
      const rows = await db
        .select({ id: t.id, format: t.format, keyId: t.keyId, sealedKey: t.sealedKey, sealed: t.sealed })
        .from(t)
        .where(notYetOn(to.id)(t))
        .limit(BATCH);
      const progressed = await db.transaction(async (tx) => {
        let done = 0;
        for (const row of rows) {
          const moved = resealDataKey(row, keyring, to);
          const contents = moved && openContents(table, row, keyring);
          if (!moved || !contents) continue;
          await tx
            .update(t)
            .set({ ...moved, ...indexesOf(keyring, contents.fields) })
            .where(and(eq(t.id, row.id), eq(t.keyId, row.keyId!)));
          done++;
        }
        return done;
      });
      resealed += progressed;
      if (rows.length < BATCH || progressed === 0) break;
    }
  }
  if ((await countSubmissions(db, notYetOn(to.id))) > 0) return { resealed, retired: [] };
  const older = (await liveKeys(db)).filter((k) => k.id !== to.id).map((k) => k.id);
  if (older.length > 0) {
    await db.transaction(async (tx) => {
      await tx.delete(inboxKeyGrants).where(inArray(inboxKeyGrants.keyId, older));
      await tx.update(inboxKeys).set({ retiredAt: new Date() }).where(inArray(inboxKeys.id, older));
      await tx.delete(inboxUnlocks);
      await audit(tx, actor, { action: "inbox-key-retired", target: `inbox-key:${older.join(",")}`, details: { resealed } });
    });
  }
  return { resealed, retired: older };
}
