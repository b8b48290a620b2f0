/**
 * Backups encrypted with age (age-encryption.org/v1, through the maintained `age-encryption` package): a
 * backup is written through an encrypting stream to the public keys in BACKUP_RECIPIENTS, so the server never
 * holds a key that can read it, and no plain copy touches the disk. The private key stays off the server and
 * comes back only for a restore (`--identity KEYFILE`). Files are interchangeable with the `age` CLI.
 */
import { createReadStream, createWriteStream, readFileSync, renameSync, rmSync } from "node:fs";
import { PassThrough, Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { Decrypter, Encrypter, generateIdentity, identityToRecipient } from "age-encryption";

/** How an age file starts: the binary format's version line, or its ASCII armour. */
const AGE_HEADERS = ["age-encryption.org/v1\n", "-----BEGIN AGE ENCRYPTED FILE-----"];

export const isEncryptedBackup = (head: Buffer) => AGE_HEADERS.some((h) => head.subarray(0, h.length).toString("latin1") === h);

export class BackupKeyError extends Error {}

/**
 * Where a backup is written: a stream to write the plain backup into, and `finish()`, which resolves once the
 * file is complete on disk under its final name (written as `<file>.partial`, then renamed, so a failed backup
 * never leaves a file that looks whole). With no recipients the bytes go to the file as they are.
 */
export function backupOutput(file: string, recipients: string[]): { input: Writable; finish(): Promise<void>; abort(): void } {
  const partial = `${file}.partial`;
  const input = new PassThrough();
  let written: Promise<void>;
  if (recipients.length === 0) {
    written = pipeline(input, createWriteStream(partial, { mode: 0o600 }));
  } else {
    const encrypter = new Encrypter();
    for (const r of recipients) encrypter.addRecipient(r);
    written = encrypter
      .encrypt(Readable.toWeb(input) as unknown as ReadableStream<Uint8Array>)
      .then((encrypted) =>
        pipeline(Readable.fromWeb(encrypted as unknown as WebReadableStream), createWriteStream(partial, { mode: 0o600 })),
      );
  }
  return {
    input,
    async finish() {
      input.end();
      await written;
      renameSync(partial, file);
    },
    abort() {
      input.destroy();
      written.catch(() => {});
      rmSync(partial, { force: true });
    },
  };
}

/** The identities in an age key file: `AGE-SECRET-KEY-…` lines; comments and blank lines are skipped. */
export function readIdentities(keyFile: string): string[] {
  let text: string;
  try {
    text = readFileSync(keyFile, "utf8");
  } catch {
    throw new BackupKeyError(`Cannot read the key file ${keyFile}.`);
  }
  const keys = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"));
  if (keys.length === 0 || !keys.every((k) => /^AGE-SECRET-KEY-(PQ-)?1[0-9A-Z]+$/.test(k))) {
    throw new BackupKeyError(
      `${keyFile} is not an age key file: it should hold a line starting AGE-SECRET-KEY-1 (npm run backup:keygen makes one).`,
    );
  }
  return keys;
}

/**
 * Decrypts an encrypted backup to `into`, whole and authenticated, before anything else is done with it: a key
 * that is not one of the file's recipients, or a damaged file, is refused with nothing written.
 */
export async function decryptBackup(file: string, keyFile: string, into: string): Promise<void> {
  const decrypter = new Decrypter();
  for (const identity of readIdentities(keyFile)) decrypter.addIdentity(identity);
  const partial = `${into}.partial`;
  try {
    const plain = await decrypter.decrypt(Readable.toWeb(createReadStream(file)) as unknown as ReadableStream<Uint8Array>);
    await pipeline(Readable.fromWeb(plain as unknown as WebReadableStream), createWriteStream(partial, { mode: 0o600 }));
    renameSync(partial, into);
  } catch (err) {
    rmSync(partial, { force: true });
    const message = (err as Error).message;
    if (/no identity matched/.test(message)) {
      throw new BackupKeyError(`The key in ${keyFile} cannot open this backup: it was encrypted to other keys. Nothing was changed.`);
    }
    throw new BackupKeyError(`This encrypted backup cannot be read (${message}): it may be damaged or cut short. Nothing was changed.`);
  }
}

/** A new key pair, as `age-keygen` prints it: the whole text can be saved as the key file. */
export async function newBackupKeyPair(now = new Date()): Promise<{ identity: string; recipient: string; keyFile: string }> {
  const identity = await generateIdentity();
  const recipient = await identityToRecipient(identity);
  const keyFile = `# created: ${now.toISOString()}\n# public key: ${recipient}\n${identity}\n`;
  return { identity, recipient, keyFile };
}
