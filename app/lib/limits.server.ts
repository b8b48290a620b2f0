/**
 * Rate limits kept where every instance sees them: Redis when REDIS_URL is set, else PostgreSQL when
 * DATABASE_URL is set, else this process's memory (one instance, the embedded database).
 */
import type { Pool } from "pg";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";

export type LimitStoreKind = "memory" | "postgres" | "redis";

export interface Limit {
  /** Counts one event; resolves to null when still allowed, or to the seconds to wait. */
  consume(key: string): Promise<number | null>;
  /** Seconds to wait if the key is over its limit now, else null; counts nothing. */
  blockedFor(key: string): Promise<number | null>;
  /** Forgets the key (a successful sign-in clears its failures). */
  reset(key: string): Promise<void>;
}

export interface LimitStore {
  kind: LimitStoreKind;
  /** `points` events per `seconds`, counted per key under `name`. */
  limit(name: string, points: number, seconds: number): Promise<Limit>;
  /** Lets go of the store's connection, if it has one of its own (Redis). */
  close(): Promise<void>;
}

const secondsOf = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

function wrap(limiter: RateLimiterAbstract, points: number): Limit {
  return {
    async consume(key) {
      try {
        await limiter.consume(key);
        return null;
      } catch (res) {
        if (res instanceof RateLimiterRes) return secondsOf(res);
        throw res;
      }
    },
    async blockedFor(key) {
      const res = await limiter.get(key);
      return res && res.consumedPoints >= points ? secondsOf(res) : null;
    },
    async reset(key) {
      await limiter.delete(key);
    },
  };
}

interface LimitStoreOptions {
  redisUrl?: string;
  pgPool?: Pool;
  /**
   * Told when Redis becomes unreachable (false) and when it is back (true), once each time. Meanwhile every
   * limit is counted in this instance's memory (the insurance limiter): submissions carry on, but the
   * instances no longer share their counts.
   */
  onSharedStore?: (reachable: boolean) => void;
}

export async function createLimitStore(options: LimitStoreOptions): Promise<LimitStore> {
  if (options.redisUrl) {
    const { Redis } = await import("ioredis");
    const client = new Redis(options.redisUrl, { enableOfflineQueue: false, lazyConnect: false, maxRetriesPerRequest: 1 });
    // ioredis reconnects by itself; these events only say when that changes anything.
    let reachable: boolean | null = null;
    let closing = false;
    const reached = (now: boolean) => {
      if (reachable === now || closing) return;
      reachable = now;
      options.onSharedStore?.(now);
    };
    client.on("ready", () => reached(true));
    client.on("error", () => reached(false));
    client.on("close", () => reached(false));
    return {
      kind: "redis",
      close: async () => {
        closing = true;
        await client.quit().catch(() => client.disconnect());
      },
      limit: async (name, points, duration) => {
        const base = { points, duration, keyPrefix: name };
        return wrap(new RateLimiterRedis({ ...base, storeClient: client, insuranceLimiter: new RateLimiterMemory(base) }), points);
      },
    };
  }
  const pool = options.pgPool;
  if (pool) {
    return {
      kind: "postgres",
      // The pool is the database's; it closes with it.
      close: async () => {},
      limit: async (name, points, duration) => {
        const base = { points, duration, keyPrefix: name };
        const limiter = await new Promise<RateLimiterAbstract>((resolve, reject) => {
          const l: RateLimiterPostgres = new RateLimiterPostgres(
            { ...base, storeClient: pool, storeType: "pool", tableName: "rate_limits", insuranceLimiter: new RateLimiterMemory(base) },
            (err?: Error) => (err ? reject(err) : resolve(l)),
          );
        });
        return wrap(limiter, points);
      },
    };
  }
  return {
    kind: "memory",
    close: async () => {},
    limit: async (name, points, duration) => wrap(new RateLimiterMemory({ points, duration, keyPrefix: name }), points),
  };
}
