/** The key that signs staff cookies, encrypts second factors and keys address hashes. */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { appSettings } from "../../db/schema";

/**
 * SESSION_SECRET when set. Otherwise one generated on first start and kept in the database, so that every
 * instance and every restart agrees on it, and `npm start` needs no configuration.
 */
export async function resolveSecret(db: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appSettings)
    .values({ key: "secret", value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, "secret"));
  return row!.value;
}
