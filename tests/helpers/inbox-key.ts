/**
 * The inbox key for tests that store or read submissions: made once per database, the way `npm run staff --
 * inbox-key` makes it, and opened with one of its recovery keys.
 */
import { openDatabase, type Database } from "../../db/client.server";
import type { Keyring } from "../../app/lib/sealed-submissions.server";
import { SYSTEM } from "../../app/staff/audit.server";
import { createInboxKey, openWithRecoveryKey } from "../../app/staff/inbox-keys.server";

const made = new WeakMap<Database, Promise<{ keyring: Keyring; recoveryKeys: string[] }>>();

async function make(db: Database) {
  const { recoveryKeys } = await createInboxKey(db, SYSTEM);
  return { keyring: (await openWithRecoveryKey(db, recoveryKeys[0]!))!, recoveryKeys };
}

/** The database's inbox key, made on first use. */
export async function inboxKeyOf(db: Database) {
  if (!made.has(db)) made.set(db, make(db));
  return made.get(db)!;
}

/** A keyring that opens every row of the database, as an unlocked session's does. */
export const keyringOf = async (db: Database) => (await inboxKeyOf(db)).keyring;

/**
 * For a server a test starts: makes the inbox key in its database before it opens it (the embedded database can be
 * open in one process only), and returns the recovery keys, which open its rows afterwards (openWithRecoveryKey).
 */
export async function makeInboxKeyIn(where: { dataDir: string } | { databaseUrl: string }): Promise<string[]> {
  const database = await openDatabase(where);
  try {
    return (await createInboxKey(database.db, SYSTEM)).recoveryKeys;
  } finally {
    await database.close();
  }
}
