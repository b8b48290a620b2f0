/** The audit log: who did what in the staff area, and when. Never a submission's content. */
import { and, desc, eq, gte, ilike, lt, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { auditLog } from "../../db/schema";
import { escapeLike } from "../../db/like";

/** Every action the log knows, with the words the audit page shows for it. */
export const AUDIT_ACTIONS = {
  "sign-in": "Signed in",
  "sign-in-failed": "Sign-in failed",
  "sign-in-throttled": "Sign-in refused: too many attempts",
  "sign-out": "Signed out",
  "session-expired": "Session ended (12 hours)",
  "password-set": "Set a password",
  "totp-enrolled": "Enrolled an authenticator app",
  "recovery-code-used": "Signed in with a recovery code",
  "recovery-codes-renewed": "Renewed recovery codes",
  "passkey-added": "Added a passkey",
  "passkey-removed": "Removed a passkey",
  "account-invited": "Invited an account",
  "account-reset": "Reset an account",
  "account-disabled": "Disabled an account",
  "account-enabled": "Enabled an account",
  "account-removed": "Removed an account",
  "status-changed": "Changed status",
  "spam-marked": "Marked spam",
  "spam-cleared": "Marked not spam",
  "note-changed": "Changed the internal note",
  deleted: "Deleted",
  exported: "Exported CSV",
  "person-searched": "Looked up a person",
  "person-exported": "Exported a person's data",
  "person-corrected": "Corrected a person's data",
  "person-deleted": "Deleted a person's data",
  "news-created": "Added a news item",
  "news-updated": "Edited a news item",
  "news-deleted": "Deleted a news item",
  "news-pinned": "Pinned a news item",
  "news-unpinned": "Unpinned a news item",
  "content-saved": "Edited site content",
  "content-restored": "Restored an earlier version of site content",
  "content-deleted": "Removed site content",
  "translation-saved": "Saved a translation",
  "translation-published": "Published a translation",
  "translation-withdrawn": "Took a translation off the site",
  "translation-restored": "Restored an earlier version of a translation as a draft",
  "interface-text-saved": "Corrected interface text",
  "interface-text-reviewed": "Marked interface text as reviewed",
  "interface-text-unreviewed": "Marked interface text as not reviewed",
  "image-uploaded": "Uploaded a photograph",
  "image-replaced": "Replaced a photograph",
  "image-removed": "Removed a photograph",
  "images-collected": "Deleted photographs no version uses",
  "image-erased": "Deleted a photograph from every version",
  "retention-run": "Retention deleted old items",
  "sessions-ended": "Ended all sessions (new secret)",
  "inbox-key-created": "Made the inbox key",
  "inbox-unlocked": "Unlocked the inbox",
  "inbox-unlock-failed": "Failed to unlock the inbox",
  "inbox-locked": "Locked the inbox",
  "inbox-recovered": "Unlocked the inbox with a recovery key",
  "inbox-granted": "Gave the inbox to an account",
  "inbox-revoked": "Took the inbox from an account",
  "inbox-key-rotated": "Replaced the inbox key",
  "inbox-key-retired": "Destroyed an old inbox key",
  "inbox-sealed": "Sealed submissions stored before sealing",
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

export interface Actor {
  id: string | null;
  email: string | null;
}
export const SYSTEM: Actor = { id: null, email: null };

interface AuditEntry {
  action: AuditAction;
  target?: string;
  details?: Record<string, unknown>;
}

export async function audit(db: Database, actor: Actor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({ actorId: actor.id, actorEmail: actor.email, ...entry });
}

const AUDIT_PAGE_SIZE = 100;
/** Entries older than this are purged by the retention job. */
const AUDIT_KEEP_DAYS = 730;

interface AuditFilter {
  action?: string;
  actor?: string;
  /** YYYY-MM-DD, inclusive. */
  from?: string;
  to?: string;
  page?: number;
}

export async function listAudit(db: Database, filter: AuditFilter) {
  const where: SQL[] = [];
  if (filter.action && filter.action in AUDIT_ACTIONS) where.push(eq(auditLog.action, filter.action));
  if (filter.actor) where.push(ilike(auditLog.actorEmail, `%${escapeLike(filter.actor)}%`));
  if (filter.from) where.push(gte(auditLog.at, new Date(`${filter.from}T00:00:00Z`)));
  if (filter.to) where.push(lt(auditLog.at, new Date(new Date(`${filter.to}T00:00:00Z`).getTime() + 86_400_000)));
  const page = Math.max(1, filter.page ?? 1);
  const condition = where.length ? and(...where) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(condition)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((page - 1) * AUDIT_PAGE_SIZE),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(condition),
  ]);
  const total = counted?.total ?? 0;
  return { rows, total, page, pages: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)) };
}

export async function purgeAudit(db: Database, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - AUDIT_KEEP_DAYS * 86_400_000);
  const deleted = await db.delete(auditLog).where(lt(auditLog.at, cutoff)).returning({ id: auditLog.id });
  return deleted.length;
}
