/**
 * docs/product.md, "JSON endpoints": the original front end calls `functions.invoke(name, { body })` through its backend client
 * library. The real library (@supabase/functions-js), as that front end configures it, against the
 * built server.
 */
import { FunctionsClient, FunctionsHttpError } from "@supabase/functions-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client.server";
import { contactSubmissions } from "../../db/schema";
import { spawnServer, type ChildServer } from "../helpers/built-server";
import { embeddedDataDir } from "../helpers/databases";
import { makeInboxKeyIn } from "../helpers/inbox-key";
import { openContents } from "../../app/lib/sealed-submissions.server";
import { openWithRecoveryKey } from "../../app/staff/inbox-keys.server";

const FRIEND = "https://friend.example.org";
const STRANGER = "https://stranger.example.net";
// What the original front end's client sends with every call: its anon key twice and its own name.
const CLIENT_HEADERS = { Authorization: "Bearer anon-key", apikey: "anon-key", "x-client-info": "supabase-js-web/2.49.4" };
const contact = { name: "Layla", email: "layla@example.org", subject: "Hello", message: "From the original client", agree_to_terms: true };

let server: ChildServer;
let recoveryKeys: string[];
const { dir: dataDir, remove } = embeddedDataDir("original-client-");
const client = () => new FunctionsClient(`${server.url}/functions/v1`, { headers: { ...CLIENT_HEADERS } });

beforeAll(async () => {
  recoveryKeys = await makeInboxKeyIn({ dataDir });
  server = await spawnServer({ DATA_DIR: dataDir, ALLOWED_ORIGINS: `${FRIEND}, https://other.example.org`, SUBMISSION_RATE_LIMIT: "1000" });
});
afterAll(async () => {
  server.child.kill("SIGTERM");
  await server.exited;
  remove();
});

describe("the original client library, unchanged", () => {
  it("sends a contact message: no error, and the row is stored", async () => {
    const { data, error } = await client().invoke("submit-contact-form", { body: contact });
    expect(error).toBeNull();
    expect(data).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });

  it("sends a volunteer sign-up", async () => {
    const { data, error } = await client().invoke("submit-join-us-form", {
      body: { name: "Sam", email: "sam@example.org", interests: ["Fundraising"], agree_to_terms: true },
    });
    expect(error).toBeNull();
    expect(data).toHaveProperty("id");
  });

  it("reports a validation error whose response carries the form's message", async () => {
    const { data, error } = await client().invoke("submit-join-us-form", {
      body: { name: "Sam", email: "nope", interests: [], agree_to_terms: true },
    });
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const response = (error as FunctionsHttpError).context as Response;
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.fieldErrors.email).toEqual(["Invalid email address"]);
    expect(body.fieldErrors.interests).toEqual(["Please select at least one area of interest"]);
  });

  it("accepts a listed origin, with CORS headers on the answer", async () => {
    const { data, error, response } = await client().invoke("submit-contact-form", { body: contact, headers: { Origin: FRIEND } });
    expect(error).toBeNull();
    expect(data).toHaveProperty("id");
    expect(response!.headers.get("access-control-allow-origin")).toBe(FRIEND);
    expect(response!.headers.get("vary")).toMatch(/Origin/);
  });

  it("refuses an unlisted origin with 403 and no CORS headers", async () => {
    const { error } = await client().invoke("submit-contact-form", { body: contact, headers: { Origin: STRANGER } });
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const response = (error as FunctionsHttpError).context as Response;
    expect(response.status).toBe(403);
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("answers a listed origin's preflight for the headers the library sends, and refuses an unlisted one", async () => {
    const preflight = (origin: string) =>
      fetch(`${server.url}/functions/v1/submit-contact-form`, {
        method: "OPTIONS",
        headers: {
          Origin: origin,
          "Access-Control-Request-Method": "POST",
          "Access-Control-Request-Headers": "authorization,apikey,content-type,x-client-info",
        },
      });
    const ok = await preflight(FRIEND);
    expect(ok.status).toBe(204);
    expect(ok.headers.get("access-control-allow-origin")).toBe(FRIEND);
    expect(ok.headers.get("access-control-allow-methods")).toContain("POST");
    const allowed = ok.headers
      .get("access-control-allow-headers")!
      .split(",")
      .map((h) => h.trim());
    expect(allowed).toEqual(expect.arrayContaining(["authorization", "apikey", "content-type", "x-client-info"]));
    const refused = await preflight(STRANGER);
    expect(refused.status).toBe(403);
    expect(refused.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("answers /functions/v1 exactly as /api: same status and body for the same bad input", async () => {
    const bad = JSON.stringify({ ...contact, email: "nope" });
    const [viaApi, viaFunctions] = (await Promise.all(
      ["/api/submit-contact-form", "/functions/v1/submit-contact-form"].map((path) =>
        fetch(`${server.url}${path}`, { method: "POST", headers: { "content-type": "application/json", ...CLIENT_HEADERS }, body: bad }),
      ),
    )) as [Response, Response];
    expect(viaFunctions.status).toBe(viaApi.status);
    expect(await viaFunctions.json()).toEqual(await viaApi.json());
  });

  it("answers 404 for a function that does not exist", async () => {
    const { error } = await client().invoke("drop-tables", { body: {} });
    expect(((error as FunctionsHttpError).context as Response).status).toBe(404);
  });
});

describe("what the original client sent", () => {
  it("is stored like any other submission", async () => {
    server.child.kill("SIGTERM");
    await server.exited;
    const handle = await openDatabase({ dataDir });
    try {
      const keyring = (await openWithRecoveryKey(handle.db, recoveryKeys[0]!))!;
      const rows = await handle.db.select().from(contactSubmissions);
      const messages = rows.map((r) => openContents("contact_submissions", r, keyring)?.fields.message);
      expect(messages.filter((m) => m === "From the original client").length).toBeGreaterThanOrEqual(2);
    } finally {
      await handle.close();
    }
  });
});
