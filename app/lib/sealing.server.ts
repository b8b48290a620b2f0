/**
 * The cryptography of sealed submissions (issue 35, decision 014), all of it libsodium's (sodium-native):
 * sealed boxes (X25519) for data keys and grants, XChaCha20-Poly1305 for contents and wrapped keys, Argon2id
 * for keys and hashes made from passwords, BLAKE2b for keyed hashes. Nothing here is a construction of our own.
 */
import sodium from "sodium-native";

export const KEY_BYTES = 32;

/**
 * Argon2id for staff passwords, both the sign-in hash and the password slot: 64 MiB, and passes enough for
 * about half a second on one core of the machine this was measured on (docs/decisions/014). Each slot and hash
 * records its own strength, so raising this later leaves earlier ones readable.
 */
export const PASSWORD_STRENGTH = { opsLimit: 16, memLimit: 64 * 1024 * 1024 } as const;

export interface KeyPair {
  publicKey: Buffer;
  privateKey: Buffer;
}

/**
 * In an ordinary Buffer, wiped by whoever holds it. Not sodium_malloc: each of its allocations maps guarded pages
 * that are unmapped only when the garbage collector gets to them, so a few thousand seals between collections
 * (a seed, a burst of submissions) exhausted the process's memory maps and aborted it; and the copy out of it
 * protected nothing.
 */
export function randomBytes(length: number): Buffer {
  const out = Buffer.alloc(length);
  sodium.randombytes_buf(out);
  return out;
}

export const randomKey = () => randomBytes(KEY_BYTES);

export function generateKeyPair(): KeyPair {
  const publicKey = Buffer.alloc(sodium.crypto_box_PUBLICKEYBYTES);
  const privateKey = Buffer.alloc(sodium.crypto_box_SECRETKEYBYTES);
  sodium.crypto_box_keypair(publicKey, privateKey);
  return { publicKey, privateKey };
}

/** Anyone with the public key can seal; only the private key opens. */
export function sealTo(publicKey: Buffer, message: Buffer): Buffer {
  const out = Buffer.alloc(message.length + sodium.crypto_box_SEALBYTES);
  sodium.crypto_box_seal(out, message, publicKey);
  return out;
}

/** The sealed message, or null when this key pair cannot open it. */
export function openSealed(keys: KeyPair, sealed: Buffer): Buffer | null {
  if (sealed.length < sodium.crypto_box_SEALBYTES) return null;
  const out = Buffer.alloc(sealed.length - sodium.crypto_box_SEALBYTES);
  return sodium.crypto_box_seal_open(out, sealed, keys.publicKey, keys.privateKey) ? out : null;
}

const NONCE_BYTES = sodium.crypto_aead_xchacha20poly1305_ietf_NPUBBYTES;
const TAG_BYTES = sodium.crypto_aead_xchacha20poly1305_ietf_ABYTES;

/** XChaCha20-Poly1305 with a random nonce, stored in front: nonce ‖ ciphertext ‖ tag. `context` is authenticated. */
export function encrypt(key: Buffer, plaintext: Buffer, context: string): Buffer {
  const nonce = randomBytes(NONCE_BYTES);
  const ciphertext = Buffer.alloc(plaintext.length + TAG_BYTES);
  sodium.crypto_aead_xchacha20poly1305_ietf_encrypt(ciphertext, plaintext, Buffer.from(context), null, nonce, key);
  return Buffer.concat([nonce, ciphertext]);
}

/** The plaintext, or null when the key or the context is not the one it was encrypted with, or it was altered. */
export function decrypt(key: Buffer, box: Buffer, context: string): Buffer | null {
  if (box.length < NONCE_BYTES + TAG_BYTES) return null;
  const plaintext = Buffer.alloc(box.length - NONCE_BYTES - TAG_BYTES);
  try {
    sodium.crypto_aead_xchacha20poly1305_ietf_decrypt(
      plaintext,
      null,
      box.subarray(NONCE_BYTES),
      Buffer.from(context),
      box.subarray(0, NONCE_BYTES),
      key,
    );
    return plaintext;
  } catch {
    return null;
  }
}

/**
 * Pads to a size bucket (ISO/IEC 7816-4 padding, libsodium's sodium_pad): the smallest power of two from 512
 * bytes that holds the text, so a ciphertext's length tells only roughly how long a message was.
 */
export function pad(plaintext: Buffer): Buffer {
  let bucket = 512;
  while (bucket <= plaintext.length) bucket *= 2;
  const out = Buffer.alloc(bucket);
  plaintext.copy(out);
  sodium.sodium_pad(out, plaintext.length, bucket);
  return out;
}

export function unpad(padded: Buffer): Buffer {
  return padded.subarray(0, sodium.sodium_unpad(padded, padded.length, padded.length));
}

/** A key from a password with Argon2id, in libsodium's thread pool so the server keeps answering meanwhile. */
export function keyFromPassword(password: string, salt: Buffer, strength: { opsLimit: number; memLimit: number }): Promise<Buffer> {
  const out = Buffer.alloc(KEY_BYTES);
  return new Promise((resolve, reject) =>
    sodium.crypto_pwhash_async(
      out,
      Buffer.from(password.normalize("NFKC")),
      salt,
      strength.opsLimit,
      strength.memLimit,
      sodium.crypto_pwhash_ALG_ARGON2ID13,
      (err) => (err ? reject(err) : resolve(out)),
    ),
  );
}

export const newSalt = () => randomBytes(sodium.crypto_pwhash_SALTBYTES);

/** An Argon2id hash in the standard encoded form ($argon2id$v=19$m=…,t=…,p=1$…), for signing in. */
export function hashPassword(password: string): Promise<string> {
  const out = Buffer.alloc(sodium.crypto_pwhash_STRBYTES);
  return new Promise((resolve, reject) =>
    sodium.crypto_pwhash_str_async(
      out,
      Buffer.from(password.normalize("NFKC")),
      PASSWORD_STRENGTH.opsLimit,
      PASSWORD_STRENGTH.memLimit,
      (err) => (err ? reject(err) : resolve(out.toString("utf8").replace(/\0+$/, ""))),
    ),
  );
}

export const isArgon2Hash = (hash: string) => hash.startsWith("$argon2id$");

export function verifyPasswordHash(hash: string, password: string): Promise<boolean> {
  const encoded = Buffer.alloc(sodium.crypto_pwhash_STRBYTES);
  encoded.write(hash);
  return new Promise((resolve) =>
    sodium.crypto_pwhash_str_verify_async(encoded, Buffer.from(password.normalize("NFKC")), (err, ok) => resolve(!err && ok)),
  );
}

/** A keyed BLAKE2b hash, hex: the same input gives the same value only to whoever holds the key. */
export function keyedHash(key: Buffer, message: string): string {
  const out = Buffer.alloc(32);
  sodium.crypto_generichash(out, Buffer.from(message), key);
  return out.toString("hex");
}

/** A key for one purpose, derived from a master key (libsodium's KDF); `purpose` is exactly 8 characters. */
export function deriveKey(master: Buffer, purpose: string, id = 1): Buffer {
  if (Buffer.byteLength(purpose) !== sodium.crypto_kdf_CONTEXTBYTES) throw new Error("A key purpose is 8 bytes.");
  const out = Buffer.alloc(KEY_BYTES);
  sodium.crypto_kdf_derive_from_key(out, id, Buffer.from(purpose), master);
  return out;
}

/** Overwrites key material that is no longer needed, so it does not linger in memory. */
export const wipe = (...buffers: Buffer[]) => buffers.forEach((b) => sodium.sodium_memzero(b));
