/**
 * For the browser tests: makes the inbox key of the database the test server is about to start on (DATA_DIR or
 * DATABASE_URL, as the server reads them), as `npm run staff -- inbox-key` would, and writes its two recovery keys
 * to E2E_RECOVERY_FILE, where the staff fixtures read one to give each test account the inbox.
 */
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { openDatabase } from "../../db/client.server";
import { SYSTEM } from "../../app/staff/audit.server";
import { createInboxKey } from "../../app/staff/inbox-keys.server";

const file = process.env.E2E_RECOVERY_FILE;
if (!file) throw new Error("E2E_RECOVERY_FILE names where the recovery keys go.");
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: resolve(process.env.DATA_DIR ?? "data") });
try {
  const { recoveryKeys } = await createInboxKey(database.db, SYSTEM);
  writeFileSync(file, JSON.stringify(recoveryKeys));
} finally {
  await database.close();
}
