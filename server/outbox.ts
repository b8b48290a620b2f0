/**
 * Sends the notification emails queued in email_outbox. Rows are claimed with FOR UPDATE SKIP LOCKED,
 * so several server instances on one PostgreSQL never send the same email twice; a failed send is
 * retried with exponential backoff, so an SMTP outage delays mail and loses none. A sent email's content is
 * cleared; a failed one keeps it until it is sent.
 */
import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import type { Database } from "../db/client.server";
import { emailOutbox } from "../db/schema";
import { describeError, type Logger } from "./logger";

const OUTBOX_BATCH = 10;
/** How long a claimed row stays invisible to other workers while it is being sent. */
const CLAIM_SECONDS = 120;

/** 30 s, 1 min, 2 min … capped at 1 h. */
export function backoffSeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
}

interface OutboxOptions {
  db: Database;
  smtpUrl: string;
  from: string;
  to: string;
  logger: Logger;
  /** How often to look for due emails when not woken (ms). */
  intervalMs?: number;
  /** Tests shorten the backoff. */
  backoff?: (attempts: number) => number;
}

export interface OutboxWorker {
  kick(): void;
  /** Sends what is due now; resolves to the number sent. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/** Due emails, claimed for CLAIM_SECONDS: other workers skip them meanwhile. */
async function claimDue(db: Database) {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        and(
          isNull(emailOutbox.sentAt),
          lte(emailOutbox.nextAttemptAt, sql`now()`),
          or(isNull(emailOutbox.lockedUntil), lte(emailOutbox.lockedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(emailOutbox.id))
      .limit(OUTBOX_BATCH)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(emailOutbox)
      .set({ lockedUntil: sql`now() + make_interval(secs => ${CLAIM_SECONDS})`, attempts: sql`${emailOutbox.attempts} + 1` })
      .where(
        inArray(
          emailOutbox.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}

/** Sends one claimed email; a failure is kept for a later attempt, after `backoff` seconds. */
async function sendOne(o: OutboxOptions, transport: Transporter, row: typeof emailOutbox.$inferSelect): Promise<boolean> {
  try {
    await transport.sendMail({ to: o.to, subject: row.subject ?? "", text: row.body ?? "", replyTo: row.replyTo ?? undefined });
    // Sent: the database keeps no second copy of what the email said, nor whom it answers.
    await o.db
      .update(emailOutbox)
      .set({ sentAt: sql`now()`, lockedUntil: null, lastError: null, subject: null, body: null, replyTo: null })
      .where(eq(emailOutbox.id, row.id));
    return true;
  } catch (err) {
    const delay = (o.backoff ?? backoffSeconds)(row.attempts);
    await o.db
      .update(emailOutbox)
      .set({
        lockedUntil: null,
        nextAttemptAt: sql`now() + make_interval(secs => ${delay})`,
        lastError: (err as Error).message.slice(0, 500),
      })
      .where(eq(emailOutbox.id, row.id));
    o.logger.warn("notification email failed; will retry", { outboxId: row.id, attempts: row.attempts, retryInSeconds: delay });
    return false;
  }
}

export function startOutboxWorker(o: OutboxOptions): OutboxWorker {
  const transport: Transporter = nodemailer.createTransport(o.smtpUrl, { from: o.from });
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;

  async function sendDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const rows = await claimDue(o.db);
      for (const row of rows) if (await sendOne(o, transport, row)) sent++;
      // Stopping (SIGTERM) waits for the batch in hand, not for the whole backlog: the next instance sends the rest.
      if (rows.length < OUTBOX_BATCH || stopped) return sent;
    }
  }

  const runOnce = (): Promise<number> => {
    if (running) {
      again = true;
      return running;
    }
    running = sendDue()
      .catch((err) => {
        o.logger.error("outbox round failed", describeError(err));
        return 0;
      })
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          void runOnce();
        }
      });
    return running;
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(async () => {
      await runOnce();
      schedule();
    }, o.intervalMs ?? 15_000);
    timer.unref();
  };
  schedule();
  void runOnce();

  return {
    kick: () => void runOnce(),
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      transport.close();
    },
  };
}
