/**
 * What visitors see that comes from the database (today the news) is read far more often than it changes.
 * Every change bumps one version row; each instance polls it four times a second (one indexed read of one
 * row) and, when it moves, rebuilds the content (about 60 ms) and drops what it rendered from the old. A
 * change therefore shows on every instance within a second, on PGlite and on any number of instances
 * sharing one PostgreSQL.
 */
import { eq, sql } from "drizzle-orm";
import type { Database } from "./client.server";
import { appSettings } from "./schema";

const VERSION_KEY = "content-version";

/** Returns the version after this change. */
async function bumpContentVersion(db: Database): Promise<string> {
  const [row] = await db
    .insert(appSettings)
    .values({ key: VERSION_KEY, value: "1" })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: sql`(${appSettings.value}::bigint + 1)::text` } })
    .returning({ value: appSettings.value });
  return row!.value;
}

async function readContentVersion(db: Database): Promise<string> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, VERSION_KEY));
  return row?.value ?? "0";
}

export interface ContentVersion {
  /**
   * Called on this instance whenever the content changed, here or on another instance. Listeners run in the
   * order they were added, each awaited: the content is rebuilt before the pages made from it are dropped.
   */
  onChange(listener: () => void | Promise<void>): void;
  /** After a change made here: this instance forgets at once, the others at their next poll. */
  changed(): Promise<void>;
  stop(): void;
}

/** For a command that runs once (`npm run staff`): it announces changes, and keeps nothing to forget. */
export function announceContentVersion(db: Database): ContentVersion {
  return { onChange: () => {}, changed: async () => void (await bumpContentVersion(db)), stop: () => {} };
}

/**
 * Reads the version once before it resolves, so the server starts serving with it known: a page kept from
 * then on is dropped only by a later change, not by a first poll that lands after the first visitors.
 */
export async function watchContentVersion(db: Database, pollMs = 250): Promise<ContentVersion> {
  const listeners: (() => void | Promise<void>)[] = [];
  const notify = async () => {
    for (const listener of listeners) await listener();
  };
  let version = await readContentVersion(db);
  const poll = async () => {
    // A failed read (database restarting) keeps what is cached; the next poll tries again.
    const now = await readContentVersion(db).catch(() => version);
    if (now === version) return;
    version = now;
    await notify();
  };
  const timer = setInterval(poll, pollMs);
  timer.unref();
  return {
    onChange: (listener) => void listeners.push(listener),
    async changed() {
      // Remember the version this change made, so the next poll does not take it for another instance's.
      version = await bumpContentVersion(db);
      await notify();
    },
    stop: () => clearInterval(timer),
  };
}
