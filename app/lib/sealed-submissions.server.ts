/**
 * A submission's sealed form (issue 35, decision 014). Each row has its own random data key; what the visitor
 * sent, the language they wrote in and staff's note are padded and encrypted with it, bound to the table, the
 * row and the format, and the data key is sealed to the inbox key's public key. Sealing needs only that public
 * key; opening needs a keyring, which exists only in a session a staff member has unlocked.
 */
import { desc, isNull } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { inboxKeys } from "../../db/schema";
import { decrypt, deriveKey, encrypt, keyedHash, openSealed, pad, randomKey, sealTo, unpad, wipe, type KeyPair } from "./sealing.server";

export const SEALED_FORMAT = 1;

/** What is sealed: every field the visitor sent (by the names of app/forms/definitions.ts), their language, the note. */
export interface SealedContents {
  fields: Record<string, unknown>;
  language: string;
  note: string;
}

export interface SealedColumns {
  format: number;
  keyId: string;
  sealedKey: Buffer;
  sealed: Buffer;
}

/** A stored row as far as opening it goes. */
export interface SealedRow {
  id: string;
  format: number;
  keyId: string | null;
  sealedKey: Buffer | null;
  sealed: Buffer | null;
}

/**
 * The inbox's private keys, as an unlocked session holds them, by key id. `current` is the key new rows are
 * sealed to, and the one the blind index is keyed from.
 */
export interface Keyring {
  current: string;
  keys: Map<string, KeyPair>;
}

export interface InboxPublicKey {
  id: string;
  publicKey: Buffer;
}

/** The key new submissions are sealed to: the newest not retired. None until an administrator makes one. */
export async function currentInboxKey(db: Database): Promise<InboxPublicKey | undefined> {
  const [key] = await db
    .select({ id: inboxKeys.id, publicKey: inboxKeys.publicKey })
    .from(inboxKeys)
    .where(isNull(inboxKeys.retiredAt))
    .orderBy(desc(inboxKeys.createdAt))
    .limit(1);
  return key;
}

const contextOf = (table: string, id: string, format: number) => `${table}:${id}:v${format}`;

function encryptContents(table: string, id: string, dataKey: Buffer, contents: SealedContents): Buffer {
  return encrypt(dataKey, pad(Buffer.from(JSON.stringify(contents))), contextOf(table, id, SEALED_FORMAT));
}

export function sealContents(table: string, id: string, key: InboxPublicKey, contents: SealedContents): SealedColumns {
  const dataKey = randomKey();
  try {
    return {
      format: SEALED_FORMAT,
      keyId: key.id,
      sealedKey: sealTo(key.publicKey, dataKey),
      sealed: encryptContents(table, id, dataKey, contents),
    };
  } finally {
    wipe(dataKey);
  }
}

/** The row's data key, or null when the keyring does not hold its inbox key (or the row is not sealed). */
function dataKeyOf(row: SealedRow, keyring: Keyring): Buffer | null {
  if (row.format !== SEALED_FORMAT || !row.keyId || !row.sealedKey) return null;
  const keys = keyring.keys.get(row.keyId);
  return keys ? openSealed(keys, row.sealedKey) : null;
}

/** What the row holds, or null when it cannot be opened with this keyring (or was moved from another row). */
export function openContents(table: string, row: SealedRow, keyring: Keyring): SealedContents | null {
  const dataKey = dataKeyOf(row, keyring);
  if (!dataKey || !row.sealed) return null;
  try {
    const padded = decrypt(dataKey, row.sealed, contextOf(table, row.id, row.format));
    return padded ? (JSON.parse(unpad(padded).toString("utf8")) as SealedContents) : null;
  } finally {
    wipe(dataKey);
  }
}

/** New contents for a row (a note, a correction), under the row's own data key. */
export function resealContents(
  table: string,
  row: SealedRow,
  keyring: Keyring,
  contents: SealedContents,
): Pick<SealedColumns, "sealed"> | null {
  const dataKey = dataKeyOf(row, keyring);
  if (!dataKey) return null;
  try {
    return { sealed: encryptContents(table, row.id, dataKey, contents) };
  } finally {
    wipe(dataKey);
  }
}

/** The row's data key sealed to another inbox key instead (rotation); the contents stay as they are. */
export function resealDataKey(row: SealedRow, keyring: Keyring, to: InboxPublicKey): Pick<SealedColumns, "keyId" | "sealedKey"> | null {
  const dataKey = dataKeyOf(row, keyring);
  if (!dataKey) return null;
  try {
    return { keyId: to.id, sealedKey: sealTo(to.publicKey, dataKey) };
  } finally {
    wipe(dataKey);
  }
}

/**
 * The blind index: keyed hashes of a person's email and phone, so a data request finds their rows without the
 * database holding either. The key is derived from the inbox key's private part, so a thief with the database
 * and the environment cannot test a guessed address.
 */
export function blindIndexKey(keyring: Keyring): Buffer {
  return deriveKey(keyring.keys.get(keyring.current)!.privateKey, "blindidx");
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();
/** A phone number's digits: "+44 20 7946 0000" and "0044-20-7946-0000" differ, "+44 (20) 79460000" does not. */
export const normalisePhone = (phone: string) => phone.replace(/\D/g, "");

export function emailIndexOf(key: Buffer, email: string): string {
  return keyedHash(key, `email:${normaliseEmail(email)}`);
}

export function phoneIndexOf(key: Buffer, phone: string): string | null {
  const digits = normalisePhone(phone);
  return digits.length >= 5 ? keyedHash(key, `phone:${digits}`) : null;
}

export function indexesOf(keyring: Keyring, fields: Record<string, unknown>) {
  const key = blindIndexKey(keyring);
  return {
    emailIndex: typeof fields.email === "string" && fields.email ? emailIndexOf(key, fields.email) : null,
    phoneIndex: typeof fields.phone === "string" ? phoneIndexOf(key, fields.phone) : null,
    indexKeyId: keyring.current,
  };
}
