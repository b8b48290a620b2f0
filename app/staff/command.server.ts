/**
 * `npm run staff -- <command>`: the account commands, parsed and run against the staff accounts service.
 * The same function runs in the CLI process (PostgreSQL, or the embedded database when no server holds
 * it) and inside a running server (embedded database: only one process may open it; see server/control.ts).
 */
import type { Actor } from "./audit.server";
import { AccountError, type StaffAccounts } from "./accounts.server";
import { STAFF_ROLES, type StaffRole } from "./auth.server";
import { InboxKeyError } from "./inbox-keys.server";

export const USAGE = `Usage:
  npm run staff -- add <email> --role admin|staff   create an account; prints its one-time setup link
  npm run staff -- add <email> <email>… --role …    several accounts; prints each email and its link
  npm run staff -- list                             list accounts
  npm run staff -- reset <email>                    clear password, second factors and inbox grant; prints a new setup link
  npm run staff -- remove <email>                   delete an account
  npm run staff -- inbox-key                        make the inbox key, once; prints its two recovery keys
  npm run staff -- grant <email>                    give an account the inbox; asks for a recovery key (standard input)`;

const RECOVERY_INSTRUCTION =
  "Print these two recovery keys and give each to a different person; they are shown only now. " +
  "Anyone holding one, with the database, can read every submission.";

/** What the CLI asks for on standard input before it runs the command (hidden when typed), or null. */
export const inputPrompt = (argv: string[]) => (argv[0] === "grant" && argv.length === 2 ? "Recovery key: " : null);

/** Who the audit log names for what is done from the command line. */
const COMMAND_LINE: Actor = { id: null, email: "npm run staff" };

export interface CommandResult {
  code: number;
  out: string;
}

/** `input`: what the CLI read from standard input (grant's recovery key), never part of argv. */
export async function runStaffCommand(accounts: StaffAccounts, argv: string[], input?: string): Promise<CommandResult> {
  const [command, ...rest] = argv;
  const roleAt = rest.indexOf("--role");
  const role = roleAt >= 0 ? rest[roleAt + 1] : undefined;
  const emails = rest.filter((a, i) => !a.startsWith("--") && (roleAt < 0 || i !== roleAt + 1));
  const email = emails.length === 1 ? emails[0] : undefined;
  try {
    switch (command) {
      case "add": {
        if (emails.length === 0) return { code: 2, out: USAGE };
        if (!STAFF_ROLES.includes(role as StaffRole)) return { code: 2, out: `--role must be admin or staff.\n\n${USAGE}` };
        if (email) return { code: 0, out: await accounts.add(COMMAND_LINE, email, role as StaffRole) };
        const made: string[] = [];
        for (const each of emails) {
          try {
            made.push(`${each}\t${await accounts.add(COMMAND_LINE, each, role as StaffRole)}`);
          } catch (err) {
            // The accounts made before one is refused are kept: their links are printed with the reason.
            if (err instanceof AccountError) return { code: 1, out: [...made, `${each}: ${err.message}`].join("\n") };
            throw err;
          }
        }
        return { code: 0, out: made.join("\n") };
      }
      case "reset":
        if (!email) return { code: 2, out: USAGE };
        return { code: 0, out: await accounts.reset(COMMAND_LINE, email) };
      case "remove":
        if (!email) return { code: 2, out: USAGE };
        await accounts.remove(COMMAND_LINE, email);
        return { code: 0, out: `Removed ${email.trim().toLowerCase()}.` };
      case "inbox-key": {
        if (rest.length > 0) return { code: 2, out: USAGE };
        const recoveryKeys = await accounts.makeInboxKey(COMMAND_LINE);
        return {
          code: 0,
          out: [
            "The inbox key is made.",
            "",
            RECOVERY_INSTRUCTION,
            "",
            ...recoveryKeys.map((key, i) => `Recovery key ${i + 1}: ${key}`),
            "",
            "Once the first administrator has set their password, give them the inbox: npm run staff -- grant <email> (it asks for a recovery key).",
          ].join("\n"),
        };
      }
      case "grant": {
        if (emails.length > 1) return { code: 2, out: `The recovery key is read from standard input, not the command line.\n\n${USAGE}` };
        if (!email) return { code: 2, out: USAGE };
        if (!input?.trim()) return { code: 2, out: `grant reads a recovery key from standard input.\n\n${USAGE}` };
        const granted = await accounts.grantWithRecoveryKey(COMMAND_LINE, email, input);
        return { code: 0, out: `Granted the inbox to ${granted}.` };
      }
      case "list": {
        const rows = await accounts.list();
        if (rows.length === 0) return { code: 0, out: "No accounts yet. Add one with: npm run staff -- add <email> --role admin" };
        const state = (r: (typeof rows)[number]) =>
          r.disabled
            ? "disabled"
            : r.twoFactorEnabled
              ? `active${r.passkeys ? `, ${r.passkeys} passkey(s)` : ""}`
              : r.pendingSetup
                ? "setup link sent"
                : "setup not finished";
        return { code: 0, out: rows.map((r) => `${r.email}\t${r.role}\t${state(r)}`).join("\n") };
      }
      default:
        return { code: 2, out: USAGE };
    }
  } catch (err) {
    if (err instanceof AccountError || err instanceof InboxKeyError) return { code: 1, out: err.message };
    throw err;
  }
}
