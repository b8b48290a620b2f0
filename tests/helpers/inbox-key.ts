/**
 * The inbox key for tests that store or read submissions: made once per database, the way `npm run staff --
 * inbox-key` makes it, and opened with one of its recovery keys.
 */
import { openDatabase, type Database } from "../../db/client.server";
import { closable, spawnServer, type ChildServer } from "./built-server";
import { embeddedDataDir } from "./databases";
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

/**
 * `npm start` in a child process (spawnServer) on a database whose inbox key is made, so its forms accept
 * submissions: the DATA_DIR or DATABASE_URL given, else an embedded database of its own, removed when it exits.
 */
export async function spawnServerWithInboxKey(env: Record<string, string> = {}): Promise<ChildServer & { recoveryKeys: string[] }> {
  let where: { dataDir: string } | { databaseUrl: string };
  let remove = () => {};
  if (env.DATABASE_URL) where = { databaseUrl: env.DATABASE_URL };
  else if (env.DATA_DIR) where = { dataDir: env.DATA_DIR };
  else {
    const made = embeddedDataDir("sealed-server-");
    where = { dataDir: made.dir };
    remove = made.remove;
  }
  const recoveryKeys = await makeInboxKeyIn(where);
  const server = await spawnServer({ ...env, ...("dataDir" in where ? { DATA_DIR: where.dataDir } : {}) }).catch((err: unknown) => {
    remove();
    throw err;
  });
  void server.exited.then(remove);
  return { ...server, recoveryKeys };
}

/** startBuiltServer's shape, on a database with its inbox key made. */
export async function startBuiltServerWithInboxKey(env: Record<string, string> = {}) {
  const server = await spawnServerWithInboxKey(env);
  return { ...closable(server), recoveryKeys: server.recoveryKeys };
}
