import { eq, sql } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { auditLog, emailOutbox, joinSubmissions } from "../../db/schema";
import { onEmbeddedDatabase } from "../../tests/helpers/databases";
import { contactForm, contactSchema, joinForm, joinSchema } from "~/forms/definitions";
import { validate } from "~/lib/validation";
import { storeSubmission } from "~/forms/submissions.server";
import { INBOXES } from "./inbox-forms";
import { openContents } from "~/lib/sealed-submissions.server";
import { inboxKeyOf, keyringOf } from "../../tests/helpers/inbox-key";
import { correctSubmission, erasePerson, findPerson, personCsv, personJson, personTarget } from "./people.server";

const staff = { id: "staff-1", email: "staff@example.org" };
const notify = { includeDetails: true, siteUrl: "https://site.example" };

type Db = Parameters<typeof storeSubmission>[0];
async function message(db: Db, fields: Record<string, unknown>) {
  const parsed = validate(contactSchema, { name: "Ann", subject: "Hello", message: "Words", agree_to_terms: true, ...fields });
  if (!parsed.success) throw new Error(JSON.stringify(parsed.fieldErrors));
  return storeSubmission(db, contactForm, parsed.data, { spam: false, clientHash: null, idempotencyKey: null, notify });
}
async function volunteer(db: Db, fields: Record<string, unknown>) {
  const parsed = validate(joinSchema, { name: "Ann", interests: ["Fundraising"], agree_to_terms: true, ...fields });
  if (!parsed.success) throw new Error(JSON.stringify(parsed.fieldErrors));
  return storeSubmission(db, joinForm, parsed.data, { spam: false, clientHash: null, idempotencyKey: null, notify });
}
const auditOf = (db: Db, action: string) =>
  db
    .select()
    .from(auditLog)
    .where(sql`${auditLog.action} = ${action}`);

// Reads, corrections and deletions made one at a time, by one client: nothing here could differ between databases.
onEmbeddedDatabase("people's data requests", (handle) => {
  beforeEach(() => inboxKeyOf(handle().db));

  it("finds every row of one address in both inboxes and the outbox, whatever its case, and nobody else's", async () => {
    const { db } = handle();
    await message(db, { email: "Layla.Request@Example.org", subject: "=1+1" });
    await volunteer(db, { email: "layla.request@example.org", community: "Yazidi" });
    await message(db, { email: "someone.else@example.org" });
    const found = await findPerson(db, await keyringOf(db), "  LAYLA.REQUEST@example.org ");
    expect(found.records.map((r) => r.inbox.slug).sort()).toEqual(["messages", "volunteers"]);
    expect(found.outbox).toHaveLength(2);

    const json = personJson("Layla.Request@Example.org", found);
    expect(json.email).toBe("layla.request@example.org");
    expect(json.submissions.map((s) => s.form).sort()).toEqual(["Messages", "Volunteers"]);
    expect(json.submissions.find((s) => s.form === "Volunteers")!.fields).toMatchObject({ Community: "Yazidi" });
    expect(json.notificationEmails).toHaveLength(2);

    const [header, ...lines] = personCsv(found).slice(1).trim().split("\r\n");
    expect(header).toMatch(/^"Form","Name","Email",.*"Subject","Message",.*"Areas of interest".*"Received \(UTC\)","Status","Spam"$/);
    expect(lines).toHaveLength(2);
    expect(lines.join("\n")).toContain(`"'=1+1"`);
  });

  it("finds someone by their phone number however it is written, and no one by a number that is not theirs", async () => {
    const { db } = handle();
    const keyring = await keyringOf(db);
    await volunteer(db, { email: "phone.owner@example.org", phone: "+44 20 7946 0018" });
    expect((await findPerson(db, keyring, "+44 (20) 7946-0018")).records.map((r) => r.row.email)).toEqual(["phone.owner@example.org"]);
    expect((await findPerson(db, keyring, "+44 20 7946 0019")).records).toEqual([]);
  });

  it("corrects a field with the form's rules and logs the field's name, never its value", async () => {
    const { db } = handle();
    const keyring = await keyringOf(db);
    const stored = await volunteer(db, { email: "fix.me@example.org", country: "Irak" });
    const before = await findPerson(db, keyring, "fix.me@example.org");
    const { name, email, interests } = before.records[0]!.row as Record<string, string & string[]>;
    const values = { name, email, interests, country: "Iraq" };
    const refused = await correctSubmission(db, staff, keyring, INBOXES.volunteers, stored.id, { ...values, email: "not an address" });
    // The message's key: the correction page says it ("Invalid email address"), as the public form does.
    expect(refused).toEqual({ ok: false, fieldErrors: { email: ["forms.error.emailInvalid"] } });

    expect(await correctSubmission(db, staff, keyring, INBOXES.volunteers, stored.id, values)).toEqual({ ok: true, changed: ["country"] });
    const [row] = await db.select().from(joinSubmissions).where(eq(joinSubmissions.id, stored.id));
    expect(openContents("join_submissions", row!, keyring)?.fields).toMatchObject({ country: "Iraq", agree_to_terms: true });
    const [entry] = await auditOf(db, "person-corrected");
    expect(entry).toMatchObject({ actorEmail: staff.email, target: personTarget(keyring, "fix.me@example.org") });
    expect(entry!.details).toEqual({ record: `join_submissions:${stored.id}`, fields: ["country"] });
    expect(JSON.stringify(entry)).not.toMatch(/fix\.me|Iraq/);
  });

  it("deletes everything of theirs in one go, queued email included, and logs it under a keyed hash", async () => {
    const { db } = handle();
    const keyring = await keyringOf(db);
    const first = await message(db, { email: "erase.me@example.org" });
    await volunteer(db, { email: "Erase.Me@example.org" });
    const other = await message(db, { email: "stays@example.org" });
    expect(await erasePerson(db, staff, keyring, "erase.me@example.org")).toEqual({ messages: 1, volunteers: 1, emails: 2 });
    expect(await findPerson(db, keyring, "erase.me@example.org")).toEqual({ records: [], outbox: [] });
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.submissionId, first.id))).toEqual([]);
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.submissionId, other.id))).toHaveLength(1);
    const [entry] = await auditOf(db, "person-deleted");
    expect(entry!.target).toBe(personTarget(keyring, "ERASE.ME@example.org"));
    expect(entry!.target).toMatch(/^person:[0-9a-f]{24}$/);
    expect(JSON.stringify(entry)).not.toContain("erase.me");
  });
});
