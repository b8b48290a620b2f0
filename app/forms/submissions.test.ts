import { eq, inArray } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { contactSubmissions, emailOutbox, joinSubmissions } from "../../db/schema";
import { forEachDatabase } from "../../tests/helpers/databases";
import { contactForm, contactSchema, joinForm, joinSchema } from "./definitions";
import { validate } from "~/lib/validation";
import { storeSubmission } from "./submissions.server";
import { openContents } from "~/lib/sealed-submissions.server";
import { inboxKeyOf, keyringOf } from "../../tests/helpers/inbox-key";

const HOSTILE = [
  `Robert'); DROP TABLE contact_submissions;--`,
  `<script>alert("x")</script><img src=x onerror=alert(1)>`,
  "سلام — שלום — ܫܠܡܐ ‮reversed‬ 🕊️🇮🇶 \u0000",
].map((s) => s.replace("\u0000", ""));

const parse = <S extends typeof contactSchema | typeof joinSchema>(schema: S, input: unknown) => {
  const r = validate(schema, input);
  if (!r.success) throw new Error(JSON.stringify(r.fieldErrors));
  return r.data;
};

const base = {
  spam: false,
  clientHash: "abc123",
  idempotencyKey: null,
  notify: { includeDetails: false, siteUrl: "https://site.example" },
};
const volunteer = {
  name: "Sam",
  email: "sam@example.org",
  interests: ["Fundraising", "Fundraising", "Other (please describe below)"],
  other_description: "Translation",
  agree_to_terms: true,
};

forEachDatabase("storing submissions", (handle) => {
  beforeEach(() => inboxKeyOf(handle().db));

  it("stores hostile text exactly as typed (after trimming)", async () => {
    const { db } = handle();
    for (const text of HOSTILE) {
      const c = parse(contactSchema, {
        name: text.slice(0, 50),
        email: "a@example.org",
        subject: text,
        message: text,
        agree_to_terms: true,
      });
      const { id } = await storeSubmission(db, contactForm, c, base);
      const [row] = await db.select().from(contactSubmissions).where(eq(contactSubmissions.id, id));
      expect(row).toMatchObject({ spam: false, status: "new", clientHash: "abc123", format: 1 });
      expect(openContents("contact_submissions", row!, await keyringOf(db))?.fields).toMatchObject({
        subject: text.trim(),
        message: text.trim(),
        name: text.slice(0, 50).trim(),
      });
    }
  });

  it("queues one notification per accepted submission, to staff, never to the visitor", async () => {
    const { db } = handle();
    const ids: string[] = [];
    for (const text of HOSTILE) {
      const c = parse(contactSchema, { name: "Ann", email: "a@example.org", subject: text, message: text, agree_to_terms: true });
      ids.push((await storeSubmission(db, contactForm, c, base)).id);
    }
    const outbox = await db.select().from(emailOutbox).where(inArray(emailOutbox.submissionId, ids));
    expect(outbox).toHaveLength(HOSTILE.length);
    expect(outbox.every((m) => m.sentAt === null)).toBe(true);
  });

  it("sends no personal data by default: a title and a link to the item in the inbox", async () => {
    const { db } = handle();
    const c = parse(contactSchema, {
      name: "Ann Person",
      email: "ann@example.org",
      subject: "My subject",
      message: "My words",
      agree_to_terms: true,
    });
    const { id } = await storeSubmission(db, contactForm, c, base);
    const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.submissionId, id));
    expect(mail!.subject).toBe("New message");
    expect(mail!.body).toContain(`https://site.example/admin/messages/${id}`);
    expect(mail!.replyTo).toBeNull();
    for (const personal of ["Ann", "ann@example.org", "My subject", "My words"])
      expect(`${mail!.subject}${mail!.body}`).not.toContain(personal);

    const j = parse(joinSchema, volunteer);
    const detailed = await storeSubmission(db, joinForm, j, { ...base, notify: { ...base.notify, includeDetails: true } });
    const [full] = await db.select().from(emailOutbox).where(eq(emailOutbox.submissionId, detailed.id));
    expect(full!.subject).toBe("New volunteer sign-up: Sam");
    expect(full!.body).toContain("Translation");
    expect(full!.body).toContain(`https://site.example/admin/volunteers/${detailed.id}`);
    expect(full!.replyTo).toBe("sam@example.org");
  });

  it("stores one row and queues one email for the same key twice (a double click, a resend)", async () => {
    const { db } = handle();
    const j = parse(joinSchema, volunteer);
    const first = await storeSubmission(db, joinForm, j, { ...base, idempotencyKey: "key-123456" });
    const again = await storeSubmission(db, joinForm, j, { ...base, idempotencyKey: "key-123456" });
    expect(again).toEqual({ id: first.id, duplicate: true });
    const joins = await db.select().from(joinSubmissions).where(eq(joinSubmissions.idempotencyKey, "key-123456"));
    expect(joins).toHaveLength(1);
    expect(openContents("join_submissions", joins[0]!, await keyringOf(db))?.fields.interests).toEqual([
      "Fundraising",
      "Other (please describe below)",
    ]);
    expect((await db.select().from(emailOutbox).where(eq(emailOutbox.submissionId, first.id))).length).toBe(1);
  });

  it("stores one row for concurrent duplicates", async () => {
    const j = parse(joinSchema, volunteer);
    const results = await Promise.all(
      [1, 2, 3].map(() => storeSubmission(handle().db, joinForm, j, { ...base, idempotencyKey: "key-concurrent" })),
    );
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
  });

  it("stores spam flagged, and sends nothing for it", async () => {
    const { db } = handle();
    const spam = await storeSubmission(
      db,
      contactForm,
      parse(contactSchema, { name: "Bot", email: "b@example.org", subject: "x", message: "y", agree_to_terms: true }),
      { ...base, spam: true },
    );
    const [spamRow] = await db.select().from(contactSubmissions).where(eq(contactSubmissions.id, spam.id));
    expect(spamRow!.spam).toBe(true);
    expect((await db.select().from(emailOutbox).where(eq(emailOutbox.submissionId, spam.id))).length).toBe(0);
  });
});
