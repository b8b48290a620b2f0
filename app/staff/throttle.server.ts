/**
 * Sign-in throttling: wrong passwords and wrong codes count against the account and against the address,
 * in the same store as the form limits (memory, PostgreSQL or Redis), so they hold across instances.
 */
import { createHmac } from "node:crypto";
import type { LimitStore } from "~/lib/limits.server";

const THROTTLE_WINDOW_SECONDS = 15 * 60;
/** Failures allowed per account, and per address (an office may share one), in the window. */
export const ACCOUNT_FAILURES = 5;
const ADDRESS_FAILURES = 20;

interface SignInThrottle {
  /** Seconds to wait before trying again, or null. */
  blockedFor(account: string, address: string | null): Promise<number | null>;
  failed(account: string, address: string | null): Promise<void>;
  succeeded(account: string): Promise<void>;
}

export async function createSignInThrottle(store: LimitStore, secret: string): Promise<SignInThrottle> {
  const [perAccount, perAddress] = await Promise.all([
    store.limit("staff-account", ACCOUNT_FAILURES, THROTTLE_WINDOW_SECONDS),
    store.limit("staff-address", ADDRESS_FAILURES, THROTTLE_WINDOW_SECONDS),
  ]);
  // Keys are keyed hashes: the store never holds an email address or an IP address.
  const key = (value: string) => createHmac("sha256", secret).update(value.trim().toLowerCase()).digest("hex").slice(0, 32);
  return {
    async blockedFor(account, address) {
      const waits = await Promise.all([perAccount.blockedFor(key(account)), address ? perAddress.blockedFor(address) : null]);
      const longest = Math.max(...waits.map((w) => w ?? 0));
      return longest > 0 ? longest : null;
    },
    async failed(account, address) {
      await Promise.all([perAccount.consume(key(account)), address ? perAddress.consume(address) : null]);
    },
    async succeeded(account) {
      await perAccount.reset(key(account));
    },
  };
}
