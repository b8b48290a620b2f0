/**
 * Staff accounts: invite, list, reset, disable, remove. Shared by `npm run staff` and the accounts page,
 * so both do exactly the same thing and both write the audit log.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import { href } from "react-router";
import type { Database } from "../../db/client.server";
import { staffAccounts, staffKeys, staffPasskeys, staffSessions, staffSetupTokens, staffTwoFactors, staffUsers } from "../../db/schema";
import { currentInboxKey } from "~/lib/sealed-submissions.server";
import { wipe } from "~/lib/sealing.server";
import { audit, type Actor } from "./audit.server";
import type { StaffAuth, StaffRole } from "./auth.server";
import { createInboxKey, createPersonalKey, grantInbox, openWithRecoveryKey } from "./inbox-keys.server";

const SETUP_LINK_HOURS = 24;

export class AccountError extends Error {}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
export const normaliseEmail = (email: string) => email.trim().toLowerCase();
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A fresh one-time setup link for the user; any earlier link of theirs stops working. */
async function issueSetupLink(db: Database, siteUrl: string, userId: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.delete(staffSetupTokens).where(eq(staffSetupTokens.userId, userId));
  await db.insert(staffSetupTokens).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + SETUP_LINK_HOURS * 3_600_000),
  });
  return siteUrl + href("/admin/setup/:token", { token });
}

interface StaffAccountsDeps {
  db: Database;
  auth: StaffAuth;
  siteUrl: string;
}

export function staffAccountsService({ db, auth, siteUrl }: StaffAccountsDeps) {
  const findByEmail = async (email: string) => {
    const [user] = await db
      .select()
      .from(staffUsers)
      .where(eq(staffUsers.email, normaliseEmail(email)));
    if (!user) throw new AccountError(`No account for ${normaliseEmail(email)}.`);
    return user;
  };

  /**
   * Removes every way the user signs in: password, authenticator, recovery codes, passkeys, sessions; and their
   * personal key, which their password opened, so their grants go with it (the foreign key cascades): after a
   * reset the inbox stays locked for them until an administrator grants it again.
   */
  const clearCredentials = async (userId: string) => {
    await db.delete(staffSessions).where(eq(staffSessions.userId, userId));
    await db.delete(staffKeys).where(eq(staffKeys.userId, userId));
    await db.delete(staffTwoFactors).where(eq(staffTwoFactors.userId, userId));
    await db.delete(staffPasskeys).where(eq(staffPasskeys.userId, userId));
    await db.delete(staffAccounts).where(eq(staffAccounts.userId, userId));
    await db.update(staffUsers).set({ twoFactorEnabled: false, updatedAt: new Date() }).where(eq(staffUsers.id, userId));
  };

  return {
    async add(actor: Actor, rawEmail: string, role: StaffRole): Promise<string> {
      const email = normaliseEmail(rawEmail);
      if (!EMAIL.test(email)) throw new AccountError(`"${rawEmail}" is not an email address.`);
      const [existing] = await db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, email));
      if (existing) throw new AccountError(`${email} already has an account; use reset to send a new setup link.`);
      const ctx = await auth.$context;
      const user = await ctx.internalAdapter.createUser({ email, name: email, role, emailVerified: true }, { method: "admin" });
      await audit(db, actor, { action: "account-invited", target: `staff:${email}`, details: { role } });
      return issueSetupLink(db, siteUrl, user.id);
    },

    async list() {
      return db
        .select({
          id: staffUsers.id,
          email: staffUsers.email,
          role: staffUsers.role,
          disabled: staffUsers.banned,
          twoFactorEnabled: staffUsers.twoFactorEnabled,
          createdAt: staffUsers.createdAt,
          passkeys: sql<number>`(select count(*)::int from ${staffPasskeys} where ${staffPasskeys.userId} = ${staffUsers.id})`,
          hasPassword: sql<boolean>`exists (select 1 from ${staffAccounts} where ${staffAccounts.userId} = ${staffUsers.id} and ${staffAccounts.password} is not null)`,
          pendingSetup: sql<boolean>`exists (select 1 from ${staffSetupTokens} where ${staffSetupTokens.userId} = ${staffUsers.id} and ${staffSetupTokens.expiresAt} > now())`,
        })
        .from(staffUsers)
        .orderBy(asc(staffUsers.email));
    },

    async remove(actor: Actor, email: string): Promise<void> {
      const user = await findByEmail(email);
      await db.delete(staffUsers).where(eq(staffUsers.id, user.id));
      await audit(db, actor, { action: "account-removed", target: `staff:${user.email}` });
    },

    /** Clears the password and second factors, ends every session, and returns a new setup link. */
    async reset(actor: Actor, email: string): Promise<string> {
      const user = await findByEmail(email);
      await clearCredentials(user.id);
      await audit(db, actor, { action: "account-reset", target: `staff:${user.email}` });
      return issueSetupLink(db, siteUrl, user.id);
    },

    async setDisabled(actor: Actor, email: string, disabled: boolean): Promise<void> {
      const user = await findByEmail(email);
      await db.update(staffUsers).set({ banned: disabled, updatedAt: new Date() }).where(eq(staffUsers.id, user.id));
      if (disabled) await db.delete(staffSessions).where(eq(staffSessions.userId, user.id));
      await audit(db, actor, { action: disabled ? "account-disabled" : "account-enabled", target: `staff:${user.email}` });
    },

    /** The account a setup link belongs to, while the link is unused and less than a day old. */
    async setupUser(token: string) {
      const [row] = await db
        .select({ id: staffUsers.id, email: staffUsers.email, disabled: staffUsers.banned })
        .from(staffSetupTokens)
        .innerJoin(staffUsers, eq(staffUsers.id, staffSetupTokens.userId))
        .where(and(eq(staffSetupTokens.tokenHash, hashToken(token)), gt(staffSetupTokens.expiresAt, new Date())));
      return row && !row.disabled ? row : undefined;
    },

    /** Makes the inbox key, once; returns its two recovery keys (InboxKeyError when one exists). */
    async makeInboxKey(actor: Actor): Promise<string[]> {
      return (await createInboxKey(db, actor)).recoveryKeys;
    },

    /**
     * Gives the inbox to an account with a recovery key, for when no unlocked administrator can: the first
     * administrator, a recovery drill. The account must have set its password since sealing began.
     */
    async grantWithRecoveryKey(actor: Actor, email: string, recoveryKey: string): Promise<string> {
      const user = await findByEmail(email);
      if (!(await currentInboxKey(db))) throw new AccountError("There is no inbox key yet: make it first with npm run staff -- inbox-key.");
      const keyring = await openWithRecoveryKey(db, recoveryKey);
      if (!keyring) throw new AccountError("That is not a recovery key of this inbox.");
      try {
        await grantInbox(db, actor, keyring, user);
      } finally {
        wipe(...[...keyring.keys.values()].map((k) => k.privateKey));
      }
      return user.email;
    },

    /** Sets the password and uses up the link: the link works once. */
    async completePasswordStep(token: string, password: string): Promise<{ email: string } | undefined> {
      const user = await this.setupUser(token);
      if (!user) return undefined;
      const deleted = await db
        .delete(staffSetupTokens)
        .where(eq(staffSetupTokens.tokenHash, hashToken(token)))
        .returning();
      if (deleted.length === 0) return undefined; // used by a concurrent request
      const ctx = await auth.$context;
      await clearCredentials(user.id);
      await ctx.internalAdapter.linkAccount({
        userId: user.id,
        providerId: "credential",
        accountId: user.id,
        password: await ctx.password.hash(password),
      });
      // Their own key pair under the new password: a re-setup after a reset replaces it (and its grants are gone).
      const pair = await createPersonalKey(db, user.id, password);
      wipe(pair.privateKey);
      await audit(db, { id: user.id, email: user.email }, { action: "password-set", target: `staff:${user.email}` });
      return { email: user.email };
    },
  };
}

export type StaffAccounts = ReturnType<typeof staffAccountsService>;
