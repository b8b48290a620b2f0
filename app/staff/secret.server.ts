/**
 * The keys that sign staff cookies, encrypt second factors and key address hashes, and their rotation
 * (docs/deploy.md, Rotating the secret):
 *   - SESSION_SECRETS, versioned, newest first: the first signs and encrypts, the others are only read;
 *   - or SESSION_SECRET alone;
 *   - or, with neither, one generated on first start and kept in the database, so that `npm start` needs
 *     no configuration and every instance agrees.
 * After a rotation, every second factor is re-encrypted under the newest key at start, so an older key can
 * be removed from the list with nothing depending on it; a session signed with an older key still listed is
 * re-signed on its next request (SESSION_ROTATION=keep) or ended at start (end).
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { symmetricDecrypt, symmetricEncrypt, type SecretConfig } from "better-auth/crypto";
import { eq, sql } from "drizzle-orm";
import type { RequestHandler } from "express";
import type { Database } from "../../db/client.server";
import { ADVISORY_LOCKS } from "../../db/locks";
import { appSettings, staffSessions, staffTwoFactors } from "../../db/schema";
import { SYSTEM, audit } from "./audit.server";

export interface VersionedSecret {
  version: number;
  value: string;
}

export interface SigningKeys {
  /** Signs and encrypts from now on. */
  current: string;
  /** Older keys, only read: cookies they signed, second factors they encrypted. */
  previous: string[];
  /** What the auth library is given: versioned keys (its envelope format), or the one secret. */
  forAuth: { secret: string } | { secrets: VersionedSecret[] };
}

const GENERATED = "secret";
/** A fingerprint of the key in use (never the key): a change of it at start is a rotation. */
const IN_USE = "signing-key-in-use";

async function generatedSecret(db: Database, create: boolean): Promise<string | undefined> {
  if (create) {
    await db
      .insert(appSettings)
      .values({ key: GENERATED, value: randomBytes(32).toString("base64url") })
      .onConflictDoNothing();
  }
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, GENERATED));
  return row?.value;
}

export async function resolveSigningKeys(
  db: Database,
  configured: { SESSION_SECRET?: string; SESSION_SECRETS?: VersionedSecret[] },
): Promise<SigningKeys> {
  const listed = configured.SESSION_SECRETS;
  if (listed?.length) {
    // A generated secret from before the list was set stays readable, so the first rotation locks no one out.
    const generated = await generatedSecret(db, false);
    return {
      current: listed[0]!.value,
      previous: [...listed.slice(1).map((s) => s.value), ...(generated ? [generated] : [])],
      forAuth: { secrets: listed },
    };
  }
  const secret = configured.SESSION_SECRET ?? (await generatedSecret(db, true))!;
  return { current: secret, previous: [], forAuth: { secret } };
}

/** The auth library's key for encryption: its versioned envelope, or the one secret. */
const encryptionKey = ({ forAuth }: SigningKeys): string | SecretConfig =>
  "secret" in forAuth
    ? forAuth.secret
    : { keys: new Map(forAuth.secrets.map((s) => [s.version, s.value])), currentVersion: forAuth.secrets[0]!.version };

/** Reads a value as the library would (an envelope names its key's version); an older bare value is tried with each key. */
async function decryptWithAny(keys: SigningKeys, data: string): Promise<string | null> {
  if (data.startsWith("$ba$")) return symmetricDecrypt({ key: encryptionKey(keys), data }).catch(() => null);
  for (const key of [keys.current, ...keys.previous]) {
    const plain = await symmetricDecrypt({ key, data }).catch(() => null);
    if (plain !== null) return plain;
  }
  return null;
}

/** Whether a value is already encrypted under the key in use (so nothing is rewritten at an ordinary start). */
function underCurrentKey(keys: SigningKeys, data: string): boolean {
  return "secrets" in keys.forAuth ? data.startsWith(`$ba$${keys.forAuth.secrets[0]!.version}$`) : !data.startsWith("$ba$");
}

/**
 * Re-encrypts every account's authenticator secret and recovery codes under the key in use, once, under a
 * lock. Returns how many accounts were re-encrypted and which could not be read with any listed key (their
 * owners need an admin's reset: the key they were made under is gone).
 */
export async function reencryptSecondFactors(db: Database, keys: SigningKeys): Promise<{ reencrypted: number; unreadable: string[] }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.signingKeys})`);
    const rows = await tx.select().from(staffTwoFactors);
    let reencrypted = 0;
    const unreadable: string[] = [];
    for (const row of rows) {
      if (underCurrentKey(keys, row.secret) && underCurrentKey(keys, row.backupCodes)) continue;
      const [secret, codes] = [await decryptWithAny(keys, row.secret), await decryptWithAny(keys, row.backupCodes)];
      if (secret === null || codes === null) {
        unreadable.push(row.userId);
        continue;
      }
      await tx
        .update(staffTwoFactors)
        .set({
          secret: await symmetricEncrypt({ key: encryptionKey(keys), data: secret }),
          backupCodes: await symmetricEncrypt({ key: encryptionKey(keys), data: codes }),
        })
        .where(eq(staffTwoFactors.id, row.id));
      reencrypted++;
    }
    return { reencrypted, unreadable };
  });
}

const fingerprint = (key: string) => createHash("sha256").update(`signing-key:${key}`).digest("hex").slice(0, 32);

/**
 * Notes the key in use; when it changed since the last start and the operator chose `end`, every staff
 * session ends now (each must sign in again), audited. Returns the number of sessions ended.
 */
export async function settleRotation(db: Database, keys: SigningKeys, mode: "keep" | "end"): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.signingKeys})`);
    const now = fingerprint(keys.current);
    const [row] = await tx.select().from(appSettings).where(eq(appSettings.key, IN_USE));
    if (row?.value === now) return 0;
    await tx
      .insert(appSettings)
      .values({ key: IN_USE, value: now })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: now } });
    if (!row || mode === "keep") return 0;
    const ended = await tx.delete(staffSessions).returning({ id: staffSessions.id });
    await audit(tx as unknown as Database, SYSTEM, {
      action: "sessions-ended",
      details: { reason: "secret rotated", sessions: ended.length },
    });
    return ended.length;
  });
}

/** The signature the auth library (better-call) puts after a signed cookie's value: HMAC-SHA256, base64. */
const signature = (value: string, key: string) => createHmac("sha256", key).update(value).digest("base64");

function signedBy(value: string, key: string): boolean {
  const dot = value.lastIndexOf(".");
  if (dot < 1) return false;
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(signature(value.slice(0, dot), key));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * SESSION_ROTATION=keep: a staff cookie signed with an older key still listed is re-signed with the key in use,
 * for this request (the library then reads it) and for the browser (Set-Cookie, same attributes). A cookie
 * no listed key signed is left alone, and the library ends that session as it always would.
 */
export function resignRotatedCookies(keys: SigningKeys, cookies: { name: string; attributes: string }[]): RequestHandler {
  return (req, res, next) => {
    const header = req.headers.cookie;
    if (!header || keys.previous.length === 0) return next();
    let rewritten = header;
    for (const { name, attributes } of cookies) {
      const match = new RegExp(`(?:^|;\\s*)${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}=([^;]*)`).exec(rewritten);
      if (!match) continue;
      const value = decodeURIComponent(match[1]!);
      if (signedBy(value, keys.current) || !keys.previous.some((key) => signedBy(value, key))) continue;
      const plain = value.slice(0, value.lastIndexOf("."));
      const fresh = encodeURIComponent(`${plain}.${signature(plain, keys.current)}`);
      rewritten = rewritten.replace(`${name}=${match[1]}`, `${name}=${fresh}`);
      res.append("Set-Cookie", `${name}=${fresh}${attributes}`);
    }
    req.headers.cookie = rewritten;
    next();
  };
}
