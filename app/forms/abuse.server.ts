/** Abuse controls for the forms: honeypot, minimum fill time, per-address limits, keyed address hashes. */
import { createHmac, randomBytes } from "node:crypto";
import type { Pool } from "pg";
import { HONEYPOT_FIELD, STARTED_FIELD } from "./protection";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";

export const RATE_WINDOW_SECONDS = 10 * 60;

/** A person takes longer than `minFillMs` (FORM_MIN_FILL_MS) to fill in a form; a script usually does not. */
export function looksAutomated(form: FormData, minFillMs: number, now = Date.now()): boolean {
  const honeypot = form.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot.trim() !== "") return true;
  const started = Number(form.get(STARTED_FIELD));
  return Number.isFinite(started) && started > 0 && now - started < minFillMs;
}

/** Keyed hash of a client address: enough to spot abuse, useless for finding the person. */
export function createAddressHasher(secret: string | undefined) {
  const key = secret ?? randomBytes(32).toString("hex");
  return (address: string | undefined) => (address ? createHmac("sha256", key).update(address).digest("hex").slice(0, 32) : null);
}

export interface SubmissionLimiter {
  /** Resolves to null when allowed, or to the seconds to wait. */
  consume(key: string): Promise<number | null>;
  kind: "memory" | "postgres" | "redis";
}

export async function createSubmissionLimiter(options: { points: number; redisUrl?: string; pgPool?: Pool }): Promise<SubmissionLimiter> {
  const base = { points: options.points, duration: RATE_WINDOW_SECONDS, keyPrefix: "submissions" };
  let limiter: RateLimiterAbstract;
  let kind: SubmissionLimiter["kind"];
  if (options.redisUrl) {
    const { Redis } = await import("ioredis");
    const client = new Redis(options.redisUrl, { enableOfflineQueue: false, lazyConnect: false, maxRetriesPerRequest: 1 });
    client.on("error", () => {});
    limiter = new RateLimiterRedis({ ...base, storeClient: client, insuranceLimiter: new RateLimiterMemory(base) });
    kind = "redis";
  } else if (options.pgPool) {
    const pool = options.pgPool;
    limiter = await new Promise<RateLimiterAbstract>((resolve, reject) => {
      const l: RateLimiterPostgres = new RateLimiterPostgres(
        { ...base, storeClient: pool, storeType: "pool", tableName: "rate_limits", insuranceLimiter: new RateLimiterMemory(base) },
        (err?: Error) => (err ? reject(err) : resolve(l)),
      );
    });
    kind = "postgres";
  } else {
    limiter = new RateLimiterMemory(base);
    kind = "memory";
  }
  return {
    kind,
    async consume(key: string) {
      try {
        await limiter.consume(key);
        return null;
      } catch (res) {
        if (res instanceof RateLimiterRes) return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
        throw res;
      }
    },
  };
}
