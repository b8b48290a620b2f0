/**
 * `npm run staff`: each form USAGE documents, run against a real database; the control socket a running server
 * answers on; and the CLI itself in a child process, as an operator runs it.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.server";
import { auditLog, inboxKeyGrants, inboxKeys, staffKeys, staffSetupTokens, staffUsers } from "../../db/schema";
import { embeddedDataDir, forEachDatabase } from "../../tests/helpers/databases";
import { listenForControl, sendToRunningServer } from "../../server/control";
import { runStaffCommand, USAGE } from "./command.server";
import { createPersonalKey } from "./inbox-keys.server";
import { staffAccountsOn } from "../../tests/helpers/staff-accounts";

const SITE = "https://site.example";
const SETUP_LINK = /^https:\/\/site\.example\/admin\/setup\/[\w-]{43}$/;

const accountsOn = (db: Database) => staffAccountsOn(db, SITE).accounts;

const userOf = async (db: Database, email: string) => (await db.select().from(staffUsers).where(eq(staffUsers.email, email)))[0];

/** Runs `inbox-key` and returns the two recovery keys it printed. */
async function makeInboxKey(run: (argv: string[], input?: string) => ReturnType<typeof runStaffCommand>) {
  const made = await run(["inbox-key"]);
  expect(made.code).toBe(0);
  return [...made.out.matchAll(/^Recovery key \d: ([0-9a-f-]+)$/gm)].map((m) => m[1]!);
}

forEachDatabase("npm run staff", (handle) => {
  const run = (argv: string[], input?: string) => runStaffCommand(accountsOn(handle().db), argv, input);

  // Each test starts with no account and no inbox key (grants go with either).
  beforeEach(async () => {
    const { db } = handle();
    await db.delete(staffUsers);
    await db.delete(inboxKeys);
  });

  it("add <email> --role admin|staff: prints the bare setup link, and asks for a role", async () => {
    const { db } = handle();
    const result = await run(["add", "A@Example.org", "--role", "admin"]);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(SETUP_LINK);
    expect(await userOf(db, "a@example.org")).toMatchObject({ role: "admin" });
    expect((await run(["add", "--role", "staff", "b@example.org"])).code).toBe(0);
    expect(await userOf(db, "b@example.org")).toMatchObject({ role: "staff" });

    expect(await run(["add", "c@example.org"])).toMatchObject({ code: 2 });
    expect(await run(["add", "c@example.org", "--role", "owner"])).toMatchObject({
      code: 2,
      out: expect.stringMatching(/^--role must be/),
    });
    expect(await run(["add", "--role", "admin"])).toEqual({ code: 2, out: USAGE });
    expect(await run(["add", "a@example.org", "--role", "staff"])).toMatchObject({
      code: 1,
      out: expect.stringMatching(/already has an account/),
    });
    expect(await userOf(db, "c@example.org")).toBeUndefined();
  });

  it("add <email> <email>… --role …: prints each email with its link, and stops at one refused, keeping the ones before", async () => {
    const { db } = handle();
    const result = await run(["add", "a@example.org", "b@example.org", "--role", "staff"]);
    expect(result.code).toBe(0);
    const lines = result.out.split("\n").map((line) => line.split("\t"));
    expect(lines.map(([email]) => email)).toEqual(["a@example.org", "b@example.org"]);
    for (const [, link] of lines) expect(link).toMatch(SETUP_LINK);

    const refused = await run(["add", "c@example.org", "b@example.org", "d@example.org", "--role", "staff"]);
    expect(refused.code).toBe(1);
    const [made, reason] = refused.out.split("\n");
    expect(made).toMatch(/^c@example\.org\thttps:\/\/site\.example\/admin\/setup\//);
    expect(reason).toBe("b@example.org: b@example.org already has an account; use reset to send a new setup link.");
    expect(await userOf(db, "c@example.org")).toBeDefined();
    expect(await userOf(db, "d@example.org")).toBeUndefined();
  });

  it("list: says how to begin when there is no account, then each account's email, role and state", async () => {
    expect(await run(["list"])).toEqual({ code: 0, out: "No accounts yet. Add one with: npm run staff -- add <email> --role admin" });
    await run(["add", "b@example.org", "--role", "staff"]);
    await run(["add", "a@example.org", "--role", "admin"]);
    expect(await run(["list"])).toEqual({ code: 0, out: "a@example.org\tadmin\tsetup link sent\nb@example.org\tstaff\tsetup link sent" });
  });

  it("reset <email>: a new setup link replaces the old; the personal key and its grants are gone", async () => {
    const { db } = handle();
    const first = (await run(["add", "a@example.org", "--role", "admin"])).out;
    const user = (await userOf(db, "a@example.org"))!;
    const recoveryKeys = await makeInboxKey(run);
    await createPersonalKey(db, user.id, "a long enough password");
    expect((await run(["grant", "a@example.org"], recoveryKeys[0])).code).toBe(0);

    const result = await run(["reset", "A@example.org"]);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(SETUP_LINK);
    expect(result.out).not.toBe(first);
    expect(await db.select().from(staffSetupTokens).where(eq(staffSetupTokens.userId, user.id))).toHaveLength(1);
    expect(await db.select().from(staffKeys).where(eq(staffKeys.userId, user.id))).toEqual([]);
    expect(
      await db
        .select()
        .from(inboxKeyGrants)
        .where(eq(inboxKeyGrants.holder, `user:${user.id}`)),
    ).toEqual([]);
    // The recovery keys still hold the inbox.
    expect(await db.select().from(inboxKeyGrants)).toHaveLength(2);

    expect(await run(["reset"])).toEqual({ code: 2, out: USAGE });
    expect(await run(["reset", "nobody@example.org"])).toEqual({ code: 1, out: "No account for nobody@example.org." });
  });

  it("remove <email>: the account goes, and with it its personal key and grants", async () => {
    const { db } = handle();
    await run(["add", "a@example.org", "--role", "admin"]);
    const user = (await userOf(db, "a@example.org"))!;
    const recoveryKeys = await makeInboxKey(run);
    await createPersonalKey(db, user.id, "a long enough password");
    expect((await run(["grant", "a@example.org"], recoveryKeys[1])).code).toBe(0);

    expect(await run(["remove", " A@Example.org "])).toEqual({ code: 0, out: "Removed a@example.org." });
    expect(await userOf(db, "a@example.org")).toBeUndefined();
    expect(await db.select().from(staffKeys).where(eq(staffKeys.userId, user.id))).toEqual([]);
    expect(
      await db
        .select()
        .from(inboxKeyGrants)
        .where(eq(inboxKeyGrants.holder, `user:${user.id}`)),
    ).toEqual([]);
    const [logged] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "account-removed"), eq(auditLog.target, "staff:a@example.org")));
    expect(logged?.actorEmail).toBe("npm run staff");

    expect(await run(["remove"])).toEqual({ code: 2, out: USAGE });
    expect(await run(["remove", "nobody@example.org"])).toEqual({ code: 1, out: "No account for nobody@example.org." });
  });

  it("inbox-key: makes the key once and prints its two recovery keys with what to do with them", async () => {
    const { db } = handle();
    const made = await run(["inbox-key"]);
    expect(made.code).toBe(0);
    expect(made.out).toContain(
      "Print these two recovery keys and give each to a different person; they are shown only now. " +
        "Anyone holding one, with the database, can read every submission.",
    );
    const keys = [...made.out.matchAll(/^Recovery key (\d): ((?:[0-9a-f]{4}-){15}[0-9a-f]{4})$/gm)];
    expect(keys.map((m) => m[1])).toEqual(["1", "2"]);
    expect(await db.select().from(inboxKeys)).toHaveLength(1);

    expect(await run(["inbox-key"])).toEqual({ code: 1, out: "The inbox key already exists." });
    expect(await db.select().from(inboxKeys)).toHaveLength(1);
    expect(await run(["inbox-key", "extra"])).toEqual({ code: 2, out: USAGE });
  });

  it("grant <email>: gives the inbox with a recovery key read from standard input, never from the arguments", async () => {
    const { db } = handle();
    await run(["add", "a@example.org", "--role", "admin"]);
    const user = (await userOf(db, "a@example.org"))!;
    expect(await run(["grant", "a@example.org"], "0000-1111")).toEqual({
      code: 1,
      out: "There is no inbox key yet: make it first with npm run staff -- inbox-key.",
    });
    const recoveryKeys = await makeInboxKey(run);

    // Never set a password since sealing began: no personal key to seal the grant to.
    expect(await run(["grant", "a@example.org"], recoveryKeys[0])).toEqual({
      code: 1,
      out: "a@example.org has no key of their own yet: they get one when they set up their account (an account set up before sealing, when it first unlocks). Then give them the inbox.",
    });
    await createPersonalKey(db, user.id, "a long enough password");
    expect(
      await run(
        ["grant", "a@example.org"],
        recoveryKeys[0]!.replace(/^./, (c) => (c === "0" ? "1" : "0")),
      ),
    ).toEqual({
      code: 1,
      out: "That is not a recovery key of this inbox.",
    });
    expect(await run(["grant", "a@example.org"], "not a key")).toEqual({ code: 1, out: "That is not a recovery key of this inbox." });
    expect(await run(["grant", "a@example.org"], ` ${recoveryKeys[1]!.toUpperCase()}\n`)).toEqual({
      code: 0,
      out: "Granted the inbox to a@example.org.",
    });
    const [grant] = await db.select().from(inboxKeyGrants).where(eq(inboxKeyGrants.userId, user.id));
    expect(grant).toMatchObject({ holder: `user:${user.id}`, grantedBy: "npm run staff" });

    expect(await run(["grant", "a@example.org"])).toMatchObject({ code: 2, out: expect.stringMatching(/^grant reads a recovery key/) });
    expect(await run(["grant", "a@example.org", recoveryKeys[0]!], recoveryKeys[0])).toMatchObject({
      code: 2,
      out: expect.stringMatching(/^The recovery key is read from standard input/),
    });
    expect(await run(["grant"], recoveryKeys[0])).toEqual({ code: 2, out: USAGE });
    expect(await run(["grant", "nobody@example.org"], recoveryKeys[0])).toEqual({ code: 1, out: "No account for nobody@example.org." });
  });

  it("anything else prints the usage", async () => {
    expect(await run([])).toEqual({ code: 2, out: USAGE });
    expect(await run(["delete", "a@example.org"])).toEqual({ code: 2, out: USAGE });
  });
});

describe("the control socket of a running server", () => {
  it("carries standard input in the body, not among the arguments, and still takes the earlier bare argv", async () => {
    const dir = mkdtempSync(join(tmpdir(), "staff-control-"));
    const received: { argv: string[]; input?: string }[] = [];
    const server = await listenForControl(dir, {
      staff: async (argv, input) => {
        received.push({ argv, input });
        return { code: 0, out: "ok" };
      },
      backup: async () => new Uint8Array(),
      content: async () => ({}),
    });
    try {
      expect(await sendToRunningServer(dir, ["grant", "a@example.org"], "abcd-ef01")).toEqual({ code: 0, out: "ok" });
      expect(await sendToRunningServer(dir, ["list"])).toEqual({ code: 0, out: "ok" });
      const bare = await fetchOverSocket(join(dir, "control.sock"), JSON.stringify(["reset", "a@example.org"]));
      expect(JSON.parse(bare)).toEqual({ code: 0, out: "ok" });
      expect(received).toEqual([
        { argv: ["grant", "a@example.org"], input: "abcd-ef01" },
        { argv: ["list"], input: undefined },
        { argv: ["reset", "a@example.org"], input: undefined },
      ]);
    } finally {
      await new Promise((done) => server.close(done));
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

async function fetchOverSocket(socketPath: string, body: string): Promise<string> {
  const { request } = await import("node:http");
  return new Promise((done, fail) => {
    const req = request({ socketPath, path: "/staff", method: "POST" }, (res) => {
      let text = "";
      res.on("data", (c: Buffer) => (text += c));
      res.on("end", () => done(text));
    });
    req.on("error", fail);
    req.end(body);
  });
}

/** The CLI as `npm run staff` runs it, on the embedded database in `dataDir`, with `stdin` piped in. */
function cli(args: string[], dataDir: string, stdin = ""): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const root = resolve(__dirname, "..", "..");
  const child = spawn(
    process.execPath,
    [join(root, "node_modules", "tsx", "dist", "cli.mjs"), join(root, "scripts", "ops", "staff.ts"), ...args],
    {
      cwd: root,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", DATABASE_URL: "", DATA_DIR: dataDir },
    },
  );
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => (stdout += d));
  child.stderr.on("data", (d) => (stderr += d));
  child.stdin.end(stdin);
  return new Promise((done) => child.on("exit", (code) => done({ code, stdout, stderr })));
}

describe("the npm run staff process", () => {
  it("reads the email of reset, and grant's recovery key from a pipe, on the embedded database", { timeout: 120_000 }, async () => {
    const { dir, remove } = embeddedDataDir("staff-cli-");
    try {
      // Before the fix, an email with no --role after it was dropped, and reset printed the usage.
      expect(await cli(["reset", "nobody@example.org"], dir)).toMatchObject({ code: 1, stderr: "No account for nobody@example.org.\n" });
      // The recovery key comes from standard input (with none, grant would print the usage): it reads on, and finds no account.
      expect(await cli(["grant", "nobody@example.org"], dir, "0000-1111\n")).toMatchObject({
        code: 1,
        stderr: "No account for nobody@example.org.\n",
      });
    } finally {
      remove();
    }
  });
});
