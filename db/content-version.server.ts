/**
 * What visitors see that comes from the database (the content documents and the news) is read far more
 * often than it changes. Every change bumps one version row, in the transaction that makes the change; each
 * instance polls the row four times a second (one indexed read of one row) and, when it moves, publishes
 * the new version (server/publishing.ts). A change therefore shows on every instance within a second, on
 * PGlite and on any number of instances sharing one PostgreSQL.
 */
import { eq, sql } from "drizzle-orm";
import type { Database } from "./client.server";
import { appSettings } from "./schema";

const VERSION_KEY = "content-version";

/**
 * Moves the version on; call it in the transaction that changes what visitors see. The row stays locked
 * until that transaction ends, so changes made together on several instances take their turns.
 * Resolves to the version after this change.
 */
export async function bumpContentVersion(db: Database): Promise<string> {
  const [row] = await db
    .insert(appSettings)
    .values({ key: VERSION_KEY, value: "1" })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: sql`(${appSettings.value}::bigint + 1)::text` } })
    .returning({ value: appSettings.value });
  return row!.value;
}

export async function readContentVersion(db: Database): Promise<string> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, VERSION_KEY));
  return row?.value ?? "0";
}

/** Whether version `a` came after version `b`. */
export const isNewer = (a: string, b: string) => BigInt(a) > BigInt(b);

/**
 * Calls `seen` with each version the row moves to after `from`. A failed read (the database restarting) is
 * skipped: the next poll tries again.
 */
export function pollContentVersion(db: Database, from: string, seen: (version: string) => void, pollMs = 250): { stop(): void } {
  let last = from;
  let reading = false;
  const timer = setInterval(() => {
    if (reading) return;
    reading = true;
    readContentVersion(db)
      .then((now) => {
        if (now === last) return;
        last = now;
        seen(now);
      })
      .catch(() => {})
      .finally(() => (reading = false));
  }, pollMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
