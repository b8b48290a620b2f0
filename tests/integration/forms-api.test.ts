import { Agent, fetch as undiciFetch } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client.server";
import { contactSubmissions, joinSubmissions } from "../../db/schema";
import { INTERESTS } from "../../app/forms/definitions";
import { spawnServer, type ChildServer } from "../helpers/built-server";
import { embeddedDataDir } from "../helpers/databases";
import { startSmtpServer } from "../helpers/smtp";
import { makeInboxKeyIn, spawnServerWithInboxKey } from "../helpers/inbox-key";
import { openContents } from "../../app/lib/sealed-submissions.server";
import { openWithRecoveryKey } from "../../app/staff/inbox-keys.server";

// Optional fields left out: the JSON endpoints take them as empty.
const contact = { name: "Layla", email: "layla@example.org", subject: "Hello", message: "A message", agree_to_terms: true };
const join_ = { name: "Sam", email: "sam@example.org", interests: ["Fundraising"], agree_to_terms: true };

const post = (base: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: ChildServer;
let recoveryKeys: string[];
const { dir: dataDir, remove } = embeddedDataDir("forms-api-");

beforeAll(async () => {
  recoveryKeys = await makeInboxKeyIn({ dataDir });
  smtp = await startSmtpServer();
  server = await spawnServer({ DATA_DIR: dataDir, SMTP_URL: smtp.url, NOTIFY_TO: "staff@example.org", SUBMISSION_RATE_LIMIT: "1000" });
});
afterAll(async () => {
  if (server) {
    server.child.kill("SIGTERM");
    await server.exited;
  }
  await smtp?.close();
  remove();
});

describe("POST /api/submit-contact-form and /api/submit-join-us-form", () => {
  it("answer 201 with the new id, and staff get the email", async () => {
    const res = await post(server.url, "/api/submit-contact-form", contact);
    expect(res.status).toBe(201);
    const { id } = await res.json();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const res2 = await post(server.url, "/api/submit-join-us-form", join_);
    expect(res2.status).toBe(201);
    await expect.poll(() => smtp.mails.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
    expect(smtp.mails.every((m) => m.to.join() === "staff@example.org")).toBe(true);
    expect(smtp.mails.some((m) => m.to.includes("layla@example.org") || m.to.includes("sam@example.org"))).toBe(false);
  });

  it("answer 400 with the form's messages per field", async () => {
    const res = await post(server.url, "/api/submit-join-us-form", { name: "", email: "nope", interests: [], agree_to_terms: false });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.fieldErrors).toEqual({
      name: ["Name is required"],
      email: ["Invalid email address"],
      interests: ["Please select at least one area of interest"],
      agree_to_terms: ["You must agree to the Privacy Policy and Terms of Use"],
    });
    expect(body.error).toBeTruthy();
  });

  it("take the language the person wrote in, answer in it, and refuse one the site does not speak (issue 34)", async () => {
    const res = await post(server.url, "/api/submit-contact-form", { ...contact, name: "", language: "fa" });
    expect(res.status).toBe(400);
    expect((await res.json()).fieldErrors).toEqual({ name: ["وارد کردن نام الزامی است"] });
    expect((await post(server.url, "/api/submit-contact-form", { ...contact, name: "Api Persian", language: "fa" })).status).toBe(201);
    const unknown = await post(server.url, "/api/submit-contact-form", { ...contact, language: "xx" });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error).toMatch(/Unknown language/);
  });

  it.each([
    ["malformed JSON", "{nope", {}, 400],
    ["a JSON array", "[1,2]", {}, 400],
    ["a JSON string", '"hello"', {}, 400],
    ["null", "null", {}, 400],
    ["plain text", "name=x", { "content-type": "text/plain" }, 415],
    ["a form body", "name=x", { "content-type": "application/x-www-form-urlencoded" }, 415],
    ["another site's Origin", JSON.stringify(contact), { origin: "https://attacker.example" }, 403],
    ["an opaque Origin", JSON.stringify(contact), { origin: "null" }, 403],
  ])("answer %s with a 4xx and a message", async (_label, body, headers, status) => {
    const res = await post(server.url, "/api/submit-contact-form", body, headers as Record<string, string>);
    expect(res.status).toBe(status);
    expect((await res.json()).error).toMatch(/\w/);
  });

  it("answer 413 for a body over the limit, and accept the largest valid submission", async () => {
    const big = {
      ...join_,
      name: "n".repeat(50),
      email: `${"e".repeat(38)}@example.org`,
      phone: "1".repeat(30),
      organization: "o".repeat(50),
      country: "c".repeat(50),
      community: "c".repeat(50),
      social_media: "😀".repeat(200),
      interests: [...INTERESTS],
      other_description: "😀".repeat(500),
      message: "😀".repeat(2000),
    };
    expect((await post(server.url, "/api/submit-join-us-form", big)).status).toBe(201);
    const res = await post(server.url, "/api/submit-join-us-form", { ...join_, message: "m".repeat(40_000) });
    expect(res.status).toBe(413);
  });

  it("answer 405 to other methods", async () => {
    for (const method of ["GET", "PUT", "DELETE", "PATCH"]) {
      const res = await fetch(`${server.url}/api/submit-contact-form`, {
        method,
        headers: { "content-type": "application/json" },
        body: method === "GET" ? undefined : "{}",
      });
      expect(res.status, method).toBe(405);
      expect(res.headers.get("allow")).toBe("POST");
    }
  });

  it("keep a keep-alive connection usable after refusing a body early (413, then 415, then a GET)", async () => {
    // One connection for all three requests, as a browser or Node's fetch reuses it.
    const dispatcher = new Agent({ connections: 1 });
    try {
      const send = (path: string, init: RequestInit = {}) => undiciFetch(`${server.url}${path}`, { ...init, dispatcher } as never);
      const tooLarge = await send("/api/submit-contact-form", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ...contact, message: "x".repeat(2 * 1024 * 1024) }),
      }).catch((err: Error) => err);
      // The 413 may come before the upload ends; either way the next requests must not fail.
      if (!(tooLarge instanceof Error)) expect(tooLarge.status).toBe(413);
      const wrongType = await send("/api/submit-contact-form", {
        method: "POST",
        headers: { "content-type": "text/plain" },
        body: "hello",
      });
      expect(wrongType.status).toBe(415);
      const page = await send("/about");
      expect(page.status).toBe(200);
    } finally {
      await dispatcher.close();
    }
  });

  it("never answer 500, whatever the payload", async () => {
    const payloads: unknown[] = [
      { name: 1, email: 2, subject: [], message: {}, agree_to_terms: "yes" },
      { ...join_, interests: "Fundraising" },
      { ...join_, interests: [1, null, { a: 1 }] },
      { ...join_, interests: Array.from({ length: 5000 }, () => "Fundraising") },
      { ...contact, name: { toString: "x" }, __proto__: { polluted: true } },
      { ...contact, subject: "\u0000\u0001\u202e<script>" },
      {},
    ];
    for (const p of payloads) {
      for (const path of ["/api/submit-contact-form", "/api/submit-join-us-form"]) {
        const res = await post(server.url, path, p);
        expect(res.status, JSON.stringify(p).slice(0, 80)).toBeLessThan(500);
      }
    }
  });
});

describe("the HTML form without JavaScript", () => {
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

  it("re-renders with the messages beside the fields and the values kept", async () => {
    const res = await fetch(`${server.url}/contact`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
      body: form({ name: "Layla <b>", email: "not-an-email", subject: "", message: "kept message" }),
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('id="email-error"');
    expect(html).toContain("Invalid email address");
    expect(html).toContain("Subject is required");
    expect(html).toContain("You must agree to the Privacy Policy and Terms of Use");
    expect(html).toContain('value="Layla &lt;b&gt;"');
    expect(html).toContain(">kept message</textarea>");
    expect(html).toMatch(/aria-invalid="true"[^>]*aria-describedby="email-error"|aria-describedby="email-error"[^>]*aria-invalid="true"/);
  });

  it("in Persian at /fa/contact: posts there, answers there in Persian keeping what was typed, then confirms in Persian (issue 34)", async () => {
    const page = await (await fetch(`${server.url}/fa/contact`)).text();
    expect(page).toMatch(/<form[^>]*action="\/fa\/contact"/);
    const send = (fields: Record<string, string>) =>
      fetch(`${server.url}/fa/contact`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
        body: form(fields),
      });
    const typed = { name: "شیرین", email: "shirin@example.org", subject: "", message: "متن پیام" };
    const refused = await send(typed);
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain('<html lang="fa" dir="rtl"');
    expect(html).toContain("وارد کردن موضوع الزامی است");
    expect(html).toContain("باید سیاست حریم خصوصی و شرایط استفاده را بپذیرید");
    expect(html).toContain('value="شیرین"');
    expect(html).toContain(">متن پیام</textarea>");
    expect(html).toMatch(/<input[^>]*type="email"[^>]*dir="ltr"|<input[^>]*dir="ltr"[^>]*type="email"/);
    const sent = await send({ ...typed, subject: "سلام", agree_to_terms: "on", form_started: String(Date.now() - 60_000) });
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain("از تماس شما سپاسگزاریم. به‌زودی به شما پاسخ می‌دهیم.");
  });

  it("confirms success with the toast's words", async () => {
    const res = await fetch(`${server.url}/join-us`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
      body: form({
        name: "Sam",
        email: "sam@example.org",
        interests: "Fundraising",
        agree_to_terms: "on",
        form_started: String(Date.now() - 60_000),
        submission_key: "nojs-key-0001",
      }),
    });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Thank you for joining the resistance! We&#x27;ll be in touch soon.");
  });
});

describe("stored data", () => {
  it("flags honeypot and too-fast submissions as spam, answers success, and keeps no raw address", async () => {
    const trips: Record<string, string>[] = [{ website: "https://spam.example" }, { form_started: String(Date.now()) }];
    for (const extra of trips) {
      const res = await fetch(`${server.url}/contact`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
        body: new URLSearchParams({
          name: "Bot",
          email: "bot@example.org",
          subject: "Buy",
          message: "now",
          agree_to_terms: "on",
          ...extra,
        }).toString(),
      });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("Thank you for contacting us.");
    }
    server.child.kill("SIGTERM");
    await server.exited;
    // The server has stopped, and with it the outbox worker: nothing about the spam was mailed.
    expect(smtp.mails.filter((m) => /Subject: New contact message: Buy/.test(m.raw))).toEqual([]);

    const handle = await openDatabase({ dataDir });
    try {
      const keyring = (await openWithRecoveryKey(handle.db, recoveryKeys[0]!))!;
      const contacts = (await handle.db.select().from(contactSubmissions)).map((row) => {
        const { fields, language } = openContents("contact_submissions", row, keyring)!;
        return { ...row, name: String(fields.name), language };
      });
      expect(contacts.filter((c) => c.spam).map((c) => c.name)).toEqual(["Bot", "Bot"]);
      // Each in the language it was written in: the page's, or the one a JSON body named; English otherwise.
      const languageOf = (name: string) => contacts.find((c) => c.name === name)?.language;
      expect([languageOf("شیرین"), languageOf("Api Persian"), languageOf("Layla"), languageOf("Bot")]).toEqual(["fa", "fa", "en", "en"]);
      const joins = await handle.db.select().from(joinSubmissions);
      for (const row of [...contacts, ...joins]) {
        expect(row.clientHash).toMatch(/^[0-9a-f]{32}$/);
        expect(JSON.stringify(row)).not.toMatch(/127\.0\.0\.1|::1|::ffff/);
      }
    } finally {
      await handle.close();
    }
  });
});

describe("per-address limits", () => {
  it("answer 429 with Retry-After and a clear message past SUBMISSION_RATE_LIMIT, ignoring X-Forwarded-For by default", async () => {
    const limited = await spawnServerWithInboxKey({ SUBMISSION_RATE_LIMIT: "3" });
    try {
      for (let i = 0; i < 3; i++)
        expect((await post(limited.url, "/api/submit-contact-form", contact, { "x-forwarded-for": `203.0.113.${i}` })).status).toBe(201);
      const res = await post(limited.url, "/api/submit-contact-form", contact, { "x-forwarded-for": "203.0.113.99" });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await res.json()).error).toMatch(/Too many messages .* Please try again in \d+ minutes?\./);
    } finally {
      limited.child.kill("SIGTERM");
      await limited.exited;
    }
  });

  it("count each client separately behind a trusted proxy (TRUST_PROXY)", async () => {
    const proxied = await spawnServerWithInboxKey({ SUBMISSION_RATE_LIMIT: "2", TRUST_PROXY: "1" });
    try {
      for (let i = 0; i < 4; i++)
        expect((await post(proxied.url, "/api/submit-contact-form", contact, { "x-forwarded-for": `198.51.100.${i}` })).status).toBe(201);
      expect((await post(proxied.url, "/api/submit-contact-form", contact, { "x-forwarded-for": "198.51.100.0" })).status).toBe(201);
      expect((await post(proxied.url, "/api/submit-contact-form", contact, { "x-forwarded-for": "198.51.100.0" })).status).toBe(429);
    } finally {
      proxied.child.kill("SIGTERM");
      await proxied.exited;
    }
  });
});
