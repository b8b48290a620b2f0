import { createHmac } from "node:crypto";

/**
 * A keyed hash of a client's address: enough to count a form's submissions or a sign-in's failures per
 * address, useless for finding the person. The raw address is never stored.
 */
export type AddressHasher = (address: string | undefined) => string | null;

export function createAddressHasher(secret: string): AddressHasher {
  return (address) => (address ? createHmac("sha256", secret).update(address).digest("hex").slice(0, 32) : null);
}
