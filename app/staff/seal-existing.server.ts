/**
 * `npm run inbox:seal` (issue 35, decision 014): seals the submissions stored before sealing, then removes every
 * clear copy of them from the database.
 *
 * 1. Every row still in clear (`format = 0`) is sealed to the inbox key, in batches, each in a transaction. This
 *    needs only the inbox key's public key: nobody has to unlock anything.
 * 2. The clear columns are dropped, in a transaction that first seals any row that arrived meanwhile.
 * 3. The tables are rewritten, since a dropped column's values and an updated row's old version stay in the
 *    table's files until then: `VACUUM FULL` on PostgreSQL; the embedded database is copied, row by row, into a
 *    fresh data folder that replaces the old one (PGlite's write-ahead log would keep clear copies otherwise).
 * 4. The audit log records it, which is also how a second run knows there is nothing left to do.
 *
 * The embedded database must be closed by the caller's server (scripts/ops/inbox-seal.ts refuses while the site
 * runs); on PostgreSQL the site keeps serving meanwhile.
 */
import { existsSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { openDatabase, type Database, type DatabaseHandle } from "../../db/client.server";
import { rowCounts, loadLogicalBackup, writeLogicalBackup } from "../../db/backup.server";
import { auditLog, submissionTables } from "../../db/schema";
import { FORMS, type FormDefinition } from "~/forms/definitions";
import { NoInboxKey } from "~/forms/submissions.server";
import { currentInboxKey, sealContents, type InboxPublicKey, type SealedContents } from "~/lib/sealed-submissions.server";
import { audit, type Actor } from "./audit.server";

type SubmissionTable = keyof typeof submissionTables;
export type SealCounts = Record<SubmissionTable, number>;

/** Who the audit log names for it. */
export const SEAL_COMMAND: Actor = { id: null, email: "npm run inbox:seal" };

const BATCH = 200;

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: Pick<Database, "execute">, query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await db.execute(query)) as unknown as Rows<T>).rows;
const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The columns a table held in clear before sealing: the form's fields (app/forms/definitions.ts), the language and the note. */
export const clearColumnsOf = (form: FormDefinition): string[] => [...form.fields, "language", "note"];

/** Which of the clear columns a table still has. */
async function remainingClearColumns(db: Pick<Database, "execute">, form: FormDefinition): Promise<string[]> {
  const present = await rowsOf<{ name: string }>(
    db,
    sql`select column_name as name from information_schema.columns
        where table_schema = current_schema() and table_name = ${form.table}`,
  );
  const names = new Set(present.map((c) => c.name));
  return clearColumnsOf(form).filter((c) => names.has(c));
}

async function unsealedCount(db: Pick<Database, "execute">, form: FormDefinition): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${quoteIdent(form.table)} where format = 0`));
  return row?.n ?? 0;
}

/** The contents a row written before sealing holds, in the shape storeSubmission seals (booleans and lists as such). */
function contentsOf(form: FormDefinition, row: Record<string, unknown>): SealedContents {
  const fields: Record<string, unknown> = {};
  for (const field of form.fields) fields[field] = row[field];
  return { fields, language: String(row.language ?? "en"), note: String(row.note ?? "") };
}

/**
 * Seals up to BATCH rows still in clear, in the caller's transaction, and clears their clear columns; the number
 * sealed. Rows are locked as they are read, so a staff member's change to one waits rather than being lost.
 */
async function sealBatch(tx: Pick<Database, "execute">, form: FormDefinition, columns: string[], key: InboxPublicKey): Promise<number> {
  const table = quoteIdent(form.table);
  const rows = await rowsOf<Record<string, unknown> & { id: string }>(
    tx,
    sql.raw(`select id, ${columns.map(quoteIdent).join(", ")} from ${table} where format = 0 order by id limit ${BATCH} for update`),
  );
  const cleared = columns.map((c) => sql.raw(`${quoteIdent(c)} = null`));
  for (const row of rows) {
    const sealed = sealContents(form.table, row.id, key, contentsOf(form, row));
    await tx.execute(
      sql`update ${sql.raw(table)} set format = ${sealed.format}, key_id = ${sealed.keyId}, sealed_key = ${sealed.sealedKey},
            sealed = ${sealed.sealed}, ${sql.join(cleared, sql`, `)}
          where id = ${row.id}`,
    );
  }
  return rows.length;
}

/** Whether `npm run inbox:seal` has anything to do: rows in clear, clear columns, or a rewrite not yet done. */
export async function sealingPending(db: Database): Promise<boolean> {
  for (const form of FORMS) {
    if ((await remainingClearColumns(db, form)).length > 0 || (await unsealedCount(db, form)) > 0) return true;
  }
  // The tables are rewritten last, and the audit entry written after that: without it, a run stopped before the end.
  const [done] = await db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.action, "inbox-sealed")).limit(1);
  return !done;
}

/**
 * Steps 1 and 2: seals every row still in clear, then drops the clear columns. Returns how many rows of each
 * table it sealed. Throws NoInboxKey when there is no inbox key to seal to.
 */
export async function sealRowsAndDropColumns(db: Database): Promise<SealCounts> {
  const key = await currentInboxKey(db);
  if (!key) throw new NoInboxKey();
  const counts = {} as SealCounts;
  for (const form of FORMS) {
    const columns = await remainingClearColumns(db, form);
    counts[form.table] = 0;
    if (columns.length === 0) {
      if ((await unsealedCount(db, form)) > 0)
        throw new Error(`${form.table} has rows in clear but no clear columns: they cannot be sealed.`);
      continue;
    }
    for (;;) {
      const sealed = await db.transaction((tx) => sealBatch(tx, form, columns, key));
      counts[form.table] += sealed;
      if (sealed < BATCH) break;
    }
    await db.transaction(async (tx) => {
      // Nothing is written to the table meanwhile; a row that arrived since the last batch is sealed first.
      await tx.execute(sql.raw(`lock table ${quoteIdent(form.table)} in access exclusive mode`));
      for (let sealed = BATCH; sealed === BATCH;) {
        sealed = await sealBatch(tx, form, columns, key);
        counts[form.table] += sealed;
      }
      await tx.execute(
        sql.raw(`alter table ${quoteIdent(form.table)} ${columns.map((c) => `drop column if exists ${quoteIdent(c)}`).join(", ")}`),
      );
    });
  }
  return counts;
}

/**
 * Step 3 on PostgreSQL: rewrites the submission tables (and the email queue, whose sent messages were cleared
 * by updates), so that neither old row versions nor dropped columns' values are left in their files.
 */
export async function rewritePostgresTables(db: Database): Promise<void> {
  await db.execute(sql.raw(`vacuum full ${[...Object.keys(submissionTables), "email_outbox"].map(quoteIdent).join(", ")}`));
}

const REBUILDING = "pglite.rebuilding";
const BEFORE = "pglite.before-sealing";

/**
 * Step 3 on the embedded database: copies every row of `source` (open on `dataDir`, closed here) into a new data
 * folder, checks the row counts, and puts it in place of the old one, which is deleted. The new folder has no
 * history: none of the old one's dead rows or write-ahead log.
 */
export async function rebuildEmbeddedDatabase(source: DatabaseHandle, dataDir: string): Promise<void> {
  const lines: string[] = [];
  let before: Record<string, number>;
  try {
    await writeLogicalBackup(source.db, (line) => void lines.push(line));
    before = await rowCounts(source.db);
  } finally {
    await source.close();
  }
  const building = join(dataDir, REBUILDING);
  rmSync(building, { recursive: true, force: true });
  const fresh = await openDatabase({ dataDir: building });
  try {
    await loadLogicalBackup(
      fresh.db,
      (async function* () {
        yield* lines;
      })(),
    );
    const after = await rowCounts(fresh.db);
    const differing = Object.keys({ ...before, ...after }).filter((t) => before[t] !== after[t]);
    if (differing.length) throw new Error(`The copy's row counts differ (${differing.join(", ")}): the database is left as it was.`);
  } catch (err) {
    await fresh.close();
    rmSync(building, { recursive: true, force: true });
    throw err;
  }
  await fresh.close();
  renameSync(join(dataDir, "pglite"), join(dataDir, BEFORE));
  renameSync(join(building, "pglite"), join(dataDir, "pglite"));
  rmSync(join(dataDir, BEFORE), { recursive: true, force: true });
  rmSync(building, { recursive: true, force: true });
}

/**
 * A rebuild stopped between its two renames leaves the old folder beside (or instead of) the database: put it
 * back when the database is missing, and refuse to guess when both are there.
 */
function recoverInterruptedRebuild(dataDir: string): void {
  const before = join(dataDir, BEFORE);
  if (!existsSync(before)) return;
  if (!existsSync(join(dataDir, "pglite", "PG_VERSION"))) {
    rmSync(join(dataDir, "pglite"), { recursive: true, force: true });
    renameSync(before, join(dataDir, "pglite"));
    return;
  }
  throw new Error(
    `${before} is left from an earlier run of npm run inbox:seal that stopped, beside the database in ${join(dataDir, "pglite")}. ` +
      "If the site has been running since, the database in pglite is the one in use: delete the other folder and run the command again.",
  );
}

export type SealOutcome = { done: false } | { done: true; counts: SealCounts };

/**
 * The whole command, on PostgreSQL (`databaseUrl`) or on the embedded database in `dataDir`, which no other
 * process may have open. `{ done: false }`: nothing was left to do.
 */
export async function sealExistingSubmissions(
  target: { databaseUrl: string } | { dataDir: string },
  actor: Actor = SEAL_COMMAND,
): Promise<SealOutcome> {
  if ("dataDir" in target) recoverInterruptedRebuild(target.dataDir);
  const open = () =>
    "databaseUrl" in target ? openDatabase({ databaseUrl: target.databaseUrl, poolSize: 2 }) : openDatabase({ dataDir: target.dataDir });
  let database: DatabaseHandle | undefined = await open();
  try {
    if (!(await currentInboxKey(database.db))) throw new NoInboxKey();
    if (!(await sealingPending(database.db))) return { done: false };
    const counts = await sealRowsAndDropColumns(database.db);
    if ("databaseUrl" in target) {
      await rewritePostgresTables(database.db);
    } else {
      const source = database;
      database = undefined;
      await rebuildEmbeddedDatabase(source, target.dataDir);
      database = await open();
    }
    await audit(database.db, actor, { action: "inbox-sealed", details: { counts } });
    return { done: true, counts };
  } finally {
    await database?.close();
  }
}
