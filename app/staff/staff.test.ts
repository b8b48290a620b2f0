import { hashPassword as scryptHash } from "better-auth/crypto";
import { eq, sql } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { auditLog, contactSubmissions, emailOutbox, inboxKeyGrants, staffAccounts, staffKeys, staffUsers } from "../../db/schema";
import { forEachDatabase } from "../../tests/helpers/databases";
import { contactForm, contactSchema, joinForm, joinSchema } from "~/forms/definitions";
import { validate } from "~/lib/validation";
import { storeSubmission } from "~/forms/submissions.server";
import { createLimitStore } from "~/lib/limits.server";
import { SYSTEM } from "./audit.server";
import { submissionsCsvStream } from "./inbox-csv.server";
import type { Database } from "../../db/client.server";
import type { InboxDescription } from "./inbox-forms";
import { grantInbox } from "./inbox-keys.server";
import { STAFF_HOME } from "./home";
import { readFilter, type InboxFilter } from "./inbox";
import { INBOXES } from "./inbox-forms";
import { changeItems, exportInbox, listInbox, type SubmissionRow } from "./inbox.server";
import { runRetention } from "./retention.server";
import { safeNext } from "./sign-in.server";
import { ACCOUNT_FAILURES, createSignInThrottle } from "./throttle.server";
import type { LanguageCode } from "~/i18n/languages";
import { inboxKeyOf, keyringOf } from "../../tests/helpers/inbox-key";
import { staffAccountsOn } from "../../tests/helpers/staff-accounts";

const notify = { includeDetails: false, siteUrl: "https://site.example" };
const store = (db: Parameters<typeof storeSubmission>[0], fields: Record<string, unknown>, language?: LanguageCode) => {
  const parsed = validate(contactSchema, {
    name: "Ann",
    email: "ann@example.org",
    subject: "Hello",
    message: "Words",
    agree_to_terms: true,
    ...fields,
  });
  if (!parsed.success) throw new Error(JSON.stringify(parsed.fieldErrors));
  return storeSubmission(db, contactForm, parsed.data, { spam: false, clientHash: null, idempotencyKey: null, notify, language });
};
const DAY = 86_400_000;

/** The CSV export as it streams to the browser. */
async function csvOf(db: Database, inbox: InboxDescription, filter: InboxFilter, done = (_rows: number) => {}) {
  const stream = submissionsCsvStream(inbox.form, exportInbox(db, inbox, filter, await keyringOf(db)), async (rows) => done(rows));
  // Decoded keeping the byte-order mark, which Response.text() would drop.
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());
}

forEachDatabase("the staff area's data", (handle) => {
  // Submissions are sealed to the inbox key: without one, nothing is stored.
  beforeEach(() => inboxKeyOf(handle().db));

  it("finds submissions by name, email, subject and message, case-insensitively, with % and _ taken literally", async () => {
    const { db } = handle();
    await store(db, { name: "Zeynep Kaya", subject: "Search me", message: "Ordinary words" });
    await store(db, { email: "unique-finder@example.org", message: "Contains 100% literal_underscore" });
    const keyring = await keyringOf(db);
    const find = (q: string) =>
      listInbox(db, INBOXES.messages, { ...readFilter(new URLSearchParams()), q }, keyring).then((r) =>
        r.rows.map((x) => (x as SubmissionRow).name),
      );
    expect(await find("zeynep")).toEqual(["Zeynep Kaya"]);
    expect(await find("SEARCH ME")).toEqual(["Zeynep Kaya"]);
    expect(await find("unique-finder")).toHaveLength(1);
    expect(await find("100%")).toHaveLength(1);
    expect(await find("l_t")).toHaveLength(0);
  });

  it("filters volunteers by interest, community and country", async () => {
    const { db } = handle();
    const parsed = validate(joinSchema, {
      name: "Vol",
      email: "vol@example.org",
      interests: ["Fundraising"],
      community: "Yazidi",
      country: "Iraq",
      agree_to_terms: true,
    });
    if (!parsed.success) throw new Error("invalid");
    await storeSubmission(db, joinForm, parsed.data, { spam: false, clientHash: null, idempotencyKey: null, notify: null });
    const keyring = await keyringOf(db);
    const list = (params: string) =>
      listInbox(db, INBOXES.volunteers, readFilter(new URLSearchParams(params)), keyring).then((r) => r.total);
    expect(await list("interest=Fundraising&community=yazidi&country=IRAQ")).toBe(1);
    expect(await list("interest=Event%20Organization")).toBe(0);
  });

  it("records the language a person wrote in: the list shows it, filters by it, and the CSV says it (issue 34)", async () => {
    const { db } = handle();
    await store(db, { name: "Shirin", email: "lang-filter@example.org", subject: "سلام" }, "fa");
    await store(db, { name: "Anne", email: "lang-filter@example.org", subject: "Bonjour" }, "fr");
    const inbox = (params: string) => readFilter(new URLSearchParams(`q=lang-filter@example.org&${params}`));
    const keyring = await keyringOf(db);
    const persian = await listInbox(db, INBOXES.messages, inbox("language=fa"), keyring);
    expect(persian.rows.map((r) => [(r as SubmissionRow).name, (r as SubmissionRow).language])).toEqual([["Shirin", "fa"]]);
    // An unknown language is no filter at all.
    expect((await listInbox(db, INBOXES.messages, inbox("language=xx"), keyring)).total).toBe(2);
    const [header, line] = (await csvOf(db, INBOXES.messages, inbox("language=fa"))).slice(1).split("\r\n");
    expect(header).toContain('"Agreed to the Privacy Policy and Terms of Use","Language","Received (UTC)"');
    expect(line).toMatch(/^"Shirin",.*,"Persian \(فارسی\)","\d{4}-/);
  });

  it("deletes done items RETENTION_DAYS after they were done, spam after 30 days, with their queued email, once", async () => {
    const { db } = handle();
    const old = await store(db, { subject: "old done" });
    const recent = await store(db, { subject: "recent done" });
    const open = await store(db, { subject: "still open" });
    const spam = await store(db, { subject: "old spam" });
    await changeItems(db, SYSTEM, INBOXES.messages, [old.id, recent.id], { status: "done" }, null);
    await changeItems(db, SYSTEM, INBOXES.messages, [spam.id], { spam: true }, null);
    await db
      .update(contactSubmissions)
      .set({ handledAt: new Date(Date.now() - 400 * DAY) })
      .where(eq(contactSubmissions.id, old.id));
    await db
      .update(contactSubmissions)
      .set({ handledAt: new Date(Date.now() - 31 * DAY) })
      .where(eq(contactSubmissions.id, spam.id));
    await db
      .update(contactSubmissions)
      .set({ createdAt: new Date(Date.now() - 900 * DAY) })
      .where(eq(contactSubmissions.id, open.id));

    const result = await runRetention(handle(), 365);
    expect(result.ran).toBe(true);
    const left = (await db.select({ id: contactSubmissions.id }).from(contactSubmissions)).map((r) => r.id);
    expect(left).toEqual(expect.arrayContaining([recent.id, open.id]));
    expect(left).not.toContain(old.id);
    expect(left).not.toContain(spam.id);
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.submissionId, old.id))).toEqual([]);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, "retention-run"));
    expect(entry!.details).toMatchObject({ contact_submissions: 2 });
  });

  it("purges audit entries older than two years", async () => {
    const { db } = handle();
    await db.insert(auditLog).values({ action: "sign-in", at: new Date(Date.now() - 800 * DAY) });
    await db.insert(auditLog).values({ action: "sign-in", at: new Date(Date.now() - 10 * DAY) });
    const { auditPurged } = await runRetention(handle(), 365);
    expect(auditPurged).toBe(1);
    expect((await db.select().from(auditLog).where(eq(auditLog.action, "sign-in"))).length).toBe(1);
  });

  it("invites, sets a password once through the link, resets and removes accounts, and logs each step", async () => {
    const { db } = handle();
    const { accounts } = staffAccountsOn(db);
    const link = await accounts.add(SYSTEM, " New.Person@Example.org ", "staff");
    expect(link).toMatch(/^https:\/\/site\.example\/admin\/setup\/[\w-]{43}$/);
    await expect(accounts.add(SYSTEM, "new.person@example.org", "admin")).rejects.toThrow(/already has an account/);
    const token = link.split("/").pop()!;
    expect(await accounts.setupUser(token)).toMatchObject({ email: "new.person@example.org" });
    expect(await accounts.completePasswordStep(token, "violet anchor tundra lantern")).toEqual({ email: "new.person@example.org" });
    expect(await accounts.completePasswordStep(token, "another long password here")).toBeUndefined();
    const [user] = await db.select().from(staffUsers).where(eq(staffUsers.email, "new.person@example.org"));
    const passwordOf = async () => (await db.select().from(staffAccounts).where(eq(staffAccounts.userId, user!.id)))[0]?.password;
    // Argon2id at the strength of the password slots: 64 MiB.
    expect(await passwordOf()).toMatch(/^\$argon2id\$v=19\$m=65536,t=\d+,p=1\$/);
    // The password set makes their personal key pair, so the inbox can be granted to them.
    const personalKey = async () => (await db.select().from(staffKeys).where(eq(staffKeys.userId, user!.id)))[0];
    const firstKey = await personalKey();
    expect(firstKey).toBeDefined();
    const keyring = await keyringOf(db);
    await grantInbox(db, SYSTEM, keyring, user!);
    const grants = () => db.select().from(inboxKeyGrants).where(eq(inboxKeyGrants.userId, user!.id));
    expect(await grants()).toHaveLength(1);

    // A reset takes the personal key and its grant with the password: the inbox stays locked for them until granted again.
    const again = await accounts.reset(SYSTEM, "new.person@example.org");
    expect(again).not.toBe(link);
    expect(await passwordOf()).toBeUndefined();
    expect(await personalKey()).toBeUndefined();
    expect(await grants()).toEqual([]);
    expect(await accounts.completePasswordStep(again.split("/").pop()!, "a second long password")).toEqual({
      email: "new.person@example.org",
    });
    expect((await personalKey())!.publicKey.equals(firstKey!.publicKey)).toBe(false);
    expect(await grants()).toEqual([]);

    await grantInbox(db, SYSTEM, keyring, user!);
    await accounts.remove(SYSTEM, "new.person@example.org");
    expect(await db.select().from(staffUsers).where(eq(staffUsers.id, user!.id))).toEqual([]);
    expect(await personalKey()).toBeUndefined();
    expect(await grants()).toEqual([]);
    const actions = (
      await db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(sql`${auditLog.target} = 'staff:new.person@example.org'`)
    ).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(["account-invited", "password-set", "account-reset", "account-removed"]));
  });

  it("signs in with a password hashed before Argon2id (scrypt), and stores it as Argon2id from then on", async () => {
    const { db } = handle();
    const { auth, accounts } = staffAccountsOn(db);
    await accounts.add(SYSTEM, "older@example.org", "staff");
    const [user] = await db.select().from(staffUsers).where(eq(staffUsers.email, "older@example.org"));
    const password = "an older long password";
    const ctx = await auth.$context;
    await ctx.internalAdapter.linkAccount({
      userId: user!.id,
      providerId: "credential",
      accountId: user!.id,
      password: await scryptHash(password),
    });
    const passwordOf = async () => (await db.select().from(staffAccounts).where(eq(staffAccounts.userId, user!.id)))[0]!.password!;
    const scrypt = await passwordOf();
    expect(scrypt).not.toMatch(/^\$argon2id\$/);
    const signIn = (p: string) => auth.api.signInEmail({ body: { email: "older@example.org", password: p }, asResponse: true });

    expect((await signIn("not the older password")).status).toBe(401);
    expect(await passwordOf()).toBe(scrypt);
    expect((await signIn(password)).ok).toBe(true);
    expect(await passwordOf()).toMatch(/^\$argon2id\$v=19\$m=65536,/);
    expect((await signIn(password)).ok).toBe(true);
    expect((await signIn("not the older password")).status).toBe(401);
  });

  it("exports the filtered list as CSV with a byte-order mark, every field, and formulas neutralised", async () => {
    const { db } = handle();
    await store(db, {
      name: '=HYPERLINK("http://evil")',
      subject: "+SUM(1)",
      message: "@cmd\t-1",
      email: "csv@example.org",
    });
    let audited = -1;
    const csv = await csvOf(db, INBOXES.messages, readFilter(new URLSearchParams("q=csv@example.org")), (rows) => (audited = rows));
    expect(audited).toBe(1);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const [header, line, end] = csv.slice(1).split("\r\n");
    expect(end).toBe("");
    expect(header).toBe(
      '"Name","Email","Phone","Organization","Country","Community","Subject","Message","Agreed to the Privacy Policy and Terms of Use","Language","Received (UTC)","Status","Spam"',
    );
    expect(line).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(line).toContain(`"'+SUM(1)"`);
    expect(line).toContain(`"'@cmd\t-1"`);
    expect(line).toContain('"New"');
  });
});

it("throttles sign-in failures per account, and a success clears the account's count", async () => {
  const throttle = await createSignInThrottle(await createLimitStore({}), "secret");
  for (let i = 0; i < ACCOUNT_FAILURES; i++) {
    expect(await throttle.blockedFor("a@example.org", "addr")).toBeNull();
    await throttle.failed("a@example.org", "addr");
  }
  expect(await throttle.blockedFor("A@Example.org", "other-addr")).toBeGreaterThan(0);
  expect(await throttle.blockedFor("b@example.org", "addr")).toBeNull();
  await throttle.succeeded("a@example.org");
  expect(await throttle.blockedFor("a@example.org", "addr")).toBeNull();
});

it("after signing in, sends people on only to a page of the staff area, never to another site or back to the sign-in", () => {
  for (const next of ["/admin", "/admin?folder=spam", "/admin/messages/0b6f6a3e", "/admin/news/new?community=druze"]) {
    expect(safeNext(next)).toBe(next);
  }
  for (const next of ["//evil.example", "https://evil.example/admin", "/admin//evil.example", "/admin/\\evil.example", "/administrator"]) {
    expect(safeNext(next)).toBe(STAFF_HOME);
  }
  for (const next of ["/admin/login", "/admin/login/code?x=1", "", null, undefined]) expect(safeNext(next)).toBe(STAFF_HOME);
});
