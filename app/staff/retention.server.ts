/**
 * Retention: submissions done more than RETENTION_DAYS ago, spam older than 30 days and audit entries older
 * than two years are deleted, with any email still queued for them. Runs at start and hourly; an advisory
 * lock makes one instance do it when several share a PostgreSQL.
 */
import { and, eq, inArray, isNotNull, lt, or, sql } from "drizzle-orm";
import type { DatabaseHandle } from "../../db/client.server";
import { ADVISORY_LOCKS } from "../../db/locks";
import { emailOutbox } from "../../db/schema";
import { audit, purgeAudit, SYSTEM } from "./audit.server";
import { SPAM_KEEP_DAYS } from "./inbox";
import { INBOXES } from "./inbox-forms";
import { tableOf } from "./inbox.server";

const HOUR = 3_600_000;

interface RetentionResult {
  ran: boolean;
  deleted: Record<string, number>;
  auditPurged: number;
}

export async function runRetention(database: DatabaseHandle, retentionDays: number, now = new Date()): Promise<RetentionResult> {
  // One transaction, with a transaction-level lock: a pool cannot promise the same connection twice.
  return database.db.transaction(async (tx) => {
    const result = (await tx.execute(sql`select pg_try_advisory_xact_lock(${ADVISORY_LOCKS.retention}) as locked`)) as unknown as {
      rows: { locked: boolean }[];
    };
    if (!result.rows[0]?.locked) return { ran: false, deleted: {}, auditPurged: 0 };
    const doneBefore = new Date(now.getTime() - retentionDays * 24 * HOUR);
    const spamBefore = new Date(now.getTime() - SPAM_KEEP_DAYS * 24 * HOUR);
    const deleted: Record<string, number> = {};
    for (const inbox of Object.values(INBOXES)) {
      const t = tableOf(inbox.form);
      const expired = or(
        and(eq(t.spam, false), eq(t.status, "done"), isNotNull(t.handledAt), lt(t.handledAt, doneBefore)),
        and(eq(t.spam, true), lt(sql`coalesce(${t.handledAt}, ${t.createdAt})`, spamBefore)),
      );
      const gone = await tx.delete(t).where(expired).returning({ id: t.id });
      if (gone.length)
        await tx.delete(emailOutbox).where(
          inArray(
            emailOutbox.submissionId,
            gone.map((g) => g.id),
          ),
        );
      deleted[inbox.form.table] = gone.length;
    }
    const auditPurged = await purgeAudit(tx, now);
    if (Object.values(deleted).some((n) => n > 0) || auditPurged > 0) {
      await audit(tx, SYSTEM, { action: "retention-run", details: { ...deleted, auditEntries: auditPurged, retentionDays } });
    }
    return { ran: true, deleted, auditPurged };
  });
}

/**
 * At start, then every hour; `stop` for shutdown. `onRun` hears every outcome (metrics), a failure as "failed".
 * `alsoDelete` runs after each run: what else is kept only until it is unused (photographs no one saved).
 */
export function scheduleRetention(
  database: DatabaseHandle,
  retentionDays: number,
  onError: (err: unknown) => void,
  onRun: (result: RetentionResult | "failed") => void = () => {},
  alsoDelete: () => Promise<unknown> = async () => {},
) {
  const run = () =>
    runRetention(database, retentionDays)
      .then(onRun, (err) => {
        onRun("failed");
        onError(err);
      })
      .then(alsoDelete)
      .catch(onError);
  const first = run();
  const timer = setInterval(run, HOUR);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await first;
    },
  };
}
