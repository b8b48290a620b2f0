/**
 * Copying the database's rows out and in, the same way on PGlite and PostgreSQL: the logical backup (when
 * pg_dump is not installed), its restore, and the move from the embedded database to PostgreSQL.
 *
 * A logical backup is plain SQL, one statement per line:
 *   - a header naming the format and the newest migration of the schema the rows belong to;
 *   - one `INSERT … SELECT * FROM json_populate_recordset(…)` per 500 rows, tables in foreign-key order;
 *   - one `setval` per serial column.
 * The schema itself comes from the committed migrations, so a restore first migrates the database to the
 * backup's level, loads the rows, then applies any newer migrations.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync, copyFileSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { appliedMigrationLevel, readMigrationJournal, type Database } from "./client.server";

const LOGICAL_BACKUP_HEADER = "-- common-bond-site logical backup v1";
const BATCH = 500;

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: Pick<Database, "execute">, query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await db.execute(query)) as unknown as Rows<T>).rows;
const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The public schema's tables, each after every table it references. */
export async function tablesInDependencyOrder(db: Pick<Database, "execute">): Promise<string[]> {
  const tables = (
    await rowsOf<{ name: string }>(db, sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`)
  ).map((r) => r.name);
  const references = await rowsOf<{ child: string; parent: string }>(
    db,
    sql`select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
        from pg_constraint c join pg_namespace n on n.oid = c.connamespace
        where c.contype = 'f' and n.nspname = 'public'`,
  );
  const unquote = (name: string) => name.replace(/^"(.*)"$/, "$1");
  const ordered: string[] = [];
  const visit = (table: string, path: Set<string>) => {
    if (ordered.includes(table) || path.has(table)) return;
    path.add(table);
    for (const r of references) if (unquote(r.child) === table && unquote(r.parent) !== table) visit(unquote(r.parent), path);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

/** Row counts of every table in the public schema. */
export async function rowCounts(db: Pick<Database, "execute">): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await tablesInDependencyOrder(db)) {
    const [row] = await rowsOf<{ n: string }>(db, sql.raw(`select count(*)::text as n from ${quoteIdent(table)}`));
    counts[table] = Number(row?.n ?? 0);
  }
  return counts;
}

/** Counts what makes a database not empty: any table in its public schema, or recorded migrations. */
export const NON_EMPTY_SQL = `select count(*)::int as n from pg_tables
  where schemaname = 'public' or (schemaname = 'drizzle' and tablename = '__drizzle_migrations')`;

/**
 * Writes a logical backup of `db`, every table from one snapshot: a repeatable-read, read-only
 * transaction, so rows committed while it runs are either all in or all out.
 */
export async function writeLogicalBackup(db: Database, write: (line: string) => void | Promise<void>): Promise<Record<string, number>> {
  return db.transaction(
    async (tx) => {
      const counts: Record<string, number> = {};
      await write(`${LOGICAL_BACKUP_HEADER}\n`);
      await write(`-- migrations: ${await appliedMigrationLevel(tx)}\n`);
      await write(`-- taken: ${new Date().toISOString()}\n`);
      for (const table of await tablesInDependencyOrder(tx)) {
        const rows = await rowsOf<{ row: string }>(
          tx,
          sql.raw(`select row_to_json(t)::text as row from ${quoteIdent(table)} t order by 1`),
        );
        counts[table] = rows.length;
        for (let i = 0; i < rows.length; i += BATCH) {
          const json = `[${rows
            .slice(i, i + BATCH)
            .map((r) => r.row)
            .join(",")}]`;
          let tag = "rows";
          while (json.includes(`$${tag}$`)) tag = `rows_${randomBytes(4).toString("hex")}`;
          await write(
            `insert into ${quoteIdent(table)} select * from json_populate_recordset(null::${quoteIdent(table)}, $${tag}$${json}$${tag}$);\n`,
          );
        }
      }
      const serials = await rowsOf<{ table: string; column: string; sequence: string }>(
        tx,
        sql`select c.table_name as "table", c.column_name as "column", pg_get_serial_sequence(quote_ident(c.table_name), c.column_name) as sequence
            from information_schema.columns c
            where c.table_schema = 'public' and pg_get_serial_sequence(quote_ident(c.table_name), c.column_name) is not null`,
      );
      for (const s of serials) {
        const [row] = await rowsOf<{ last: string; called: boolean }>(
          tx,
          sql.raw(`select last_value::text as last, is_called as called from ${s.sequence}`),
        );
        await write(
          `select setval('${s.sequence.replaceAll("'", "''")}', ${Number(row?.last ?? 1)}, ${row?.called ? "true" : "false"});\n`,
        );
      }
      return counts;
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/** The migration level a logical backup's rows belong to, from its header; null when the text is not one. */
export function logicalBackupLevel(firstLines: string): number | null {
  if (!firstLines.startsWith(LOGICAL_BACKUP_HEADER)) return null;
  return Number(/^-- migrations: (\d+)$/m.exec(firstLines)?.[1] ?? NaN);
}

/**
 * A copy of the migrations folder holding only the migrations up to `level` (a journal timestamp): the
 * schema a backup's rows were taken from.
 */
export function migrationsUpTo(migrationsFolder: string, level: number): { folder: string; remove: () => void } {
  const journal = readMigrationJournal(migrationsFolder);
  const kept = journal.entries.filter((e) => e.when <= level);
  if (kept.length === 0 || kept.at(-1)!.when !== level) {
    throw new Error("This backup was made by a version of the site whose migrations this one does not have: restore it with that version.");
  }
  const folder = mkdtempSync(join(tmpdir(), "migrations-"));
  mkdirSync(join(folder, "meta"));
  writeFileSync(join(folder, "meta", "_journal.json"), JSON.stringify({ ...journal, entries: kept }));
  for (const e of kept) copyFileSync(join(migrationsFolder, `${e.tag}.sql`), join(folder, `${e.tag}.sql`));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/**
 * Loads a logical backup's statements into a database migrated to the backup's level, in one transaction,
 * after emptying what the migrations themselves put in the tables.
 */
export async function loadLogicalBackup(db: Database, statements: AsyncIterable<string>): Promise<void> {
  await db.transaction(async (tx) => {
    const tables = await tablesInDependencyOrder(tx);
    if (tables.length) await tx.execute(sql.raw(`truncate ${tables.map(quoteIdent).join(", ")}`));
    for await (const line of statements) {
      if (line.trim() === "" || line.startsWith("--")) continue;
      await tx.execute(sql.raw(line));
    }
  });
}
