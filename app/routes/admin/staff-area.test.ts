/**
 * The staff area's doors and refusals, called with a Request (issue 31): no session, no second factor, a
 * staff account at an administrator's page, an address that names nothing, and the news editor's checks.
 * What needs a browser (signing in, a passkey, the pages' look) stays in tests/e2e/staff/.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestContext } from "~/context.server";
import { ADMIN, ORIGIN, routeHarness, STAFF, type RouteHarness } from "../../../tests/helpers/routes";
import * as accounts from "./accounts";
import * as audit from "./audit";
import * as inbox from "./inbox";
import * as item from "./item";
import * as itemEdit from "./item-edit";
import * as layout from "./layout";
import * as newsEdit from "./news-edit";
import * as news from "./news";
import { contactForm } from "~/forms/definitions";
import { storeSubmission } from "~/forms/submissions.server";

let routes: RouteHarness;
beforeAll(async () => {
  routes = await routeHarness();
});
afterAll(() => routes?.close());

describe("the staff area's door (the layout's middleware)", () => {
  /** The middleware on a request that carries no session cookie. */
  const through = async (request: Request) => {
    const context = requestContext({ ...routes.services.app, enhanceScriptUrl: "" }, { nonce: "n", clientAddress: "127.0.0.1" });
    try {
      await layout.middleware[0]!({ request, context, params: {}, unstable_pattern: "" } as never, async () => new Response("inside"));
      return { status: 200, location: null };
    } catch (thrown) {
      if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location") };
      return { status: (thrown as { init?: { status?: number } }).init?.status ?? 500, location: null };
    }
  };

  it("sends a reader with no session to sign in, coming back to the page asked for, and refuses a post with 401", async () => {
    expect(await through(new Request(`${ORIGIN}/admin/messages?status=new`))).toEqual({
      status: 302,
      location: `/admin/login?next=${encodeURIComponent("/admin/messages?status=new")}`,
    });
    expect(
      await through(new Request(`${ORIGIN}/admin/messages`, { method: "POST", body: new URLSearchParams({ ids: "x" }) })),
    ).toMatchObject({
      status: 401,
    });
  });
});

describe("roles", () => {
  it("refuses a staff account the accounts and audit pages with 403, and lets an administrator in", async () => {
    for (const page of [accounts, audit]) {
      expect((await routes.get(page.loader, "/admin/x", {}, STAFF)).status).toBe(403);
      expect((await routes.get(page.loader, "/admin/x", {}, ADMIN)).status).toBe(200);
    }
    const invite = await routes.post(
      accounts.action,
      "/admin/accounts",
      { intent: "invite", email: "new@example.org", role: "staff" },
      {},
      STAFF,
    );
    expect(invite.status).toBe(403);
    const invited = await routes.post(accounts.action, "/admin/accounts", { intent: "invite", email: "new@example.org", role: "staff" });
    expect(invited.data).toMatchObject({ ok: true, link: expect.stringContaining("/admin/setup/") });
    const badRole = await routes.post(accounts.action, "/admin/accounts", { intent: "invite", email: "other@example.org", role: "owner" });
    expect(badRole).toMatchObject({ status: 400, data: { ok: false, error: "Choose a role." } });
  });
});

describe("addresses that name nothing", () => {
  it("answers 404 for an inbox, a submission or a news item that does not exist", async () => {
    expect((await routes.get(inbox.loader, "/admin/archive", { inbox: "archive" })).status).toBe(404);
    expect(
      (await routes.get(item.loader, "/admin/messages/x", { inbox: "messages", id: "00000000-0000-0000-0000-000000000000" })).status,
    ).toBe(404);
    expect((await routes.get(newsEdit.loader, "/admin/news/nothing", { id: "nothing" })).status).toBe(404);
  });
});

describe("an inbox in every language (issue 34)", () => {
  it("shows the language each person wrote in, offers it as a filter, and filters by it", async () => {
    await routes.unlock();
    const sent = { name: "شیرین", email: "shirin@example.org", phone: "", organization: "", country: "", community: "" };
    const { id } = await storeSubmission(
      routes.services.app.database.db,
      contactForm,
      { ...sent, subject: "سلام", message: "پیام", agree_to_terms: true },
      { spam: false, clientHash: null, idempotencyKey: null, notify: null, language: "fa" },
    );
    type List = { filters: string[]; rows: { id: string; opened: { language: string } | null }[] };
    const persian = await routes.get<List>(inbox.loader, "/admin/messages?language=fa", { inbox: "messages" });
    expect(persian.data.filters).toContain("language");
    expect(persian.data.rows).toEqual([expect.objectContaining({ id, opened: expect.objectContaining({ language: "fa" }) })]);
    const french = await routes.get<List>(inbox.loader, "/admin/messages?language=fr", { inbox: "messages" });
    expect(french.data.rows.map((r) => r.id)).not.toContain(id);
    expect((await routes.get(item.loader, `/admin/messages/${id}`, { inbox: "messages", id })).data).toMatchObject({
      opened: expect.objectContaining({ language: "fa" }),
    });
  });

  it("while locked, lists dates and statuses but no one's name, ignores filters on sealed fields, and sends pages that need the contents to unlock", async () => {
    const { id } = await storeSubmission(
      routes.services.app.database.db,
      contactForm,
      {
        name: "Locked Sender",
        email: "locked@example.org",
        phone: "",
        organization: "",
        country: "",
        community: "",
        subject: "Sealed",
        message: "Words",
        agree_to_terms: true,
      },
      { spam: false, clientHash: null, idempotencyKey: null, notify: null },
    );
    type List = { unlocked: boolean; filterNeedsUnlock: boolean; rows: { id: string; opened: unknown; received: string }[] };
    const list = await routes.get<List>(inbox.loader, "/admin/messages?q=Locked", { inbox: "messages" }, STAFF);
    expect(list.data).toMatchObject({ unlocked: false, filterNeedsUnlock: true });
    expect(list.data.rows).toContainEqual(expect.objectContaining({ id, opened: null }));
    expect(JSON.stringify(list.data)).not.toContain("Locked Sender");
    const edit = await routes.get(itemEdit.loader, `/admin/messages/${id}/edit`, { inbox: "messages", id }, STAFF);
    expect(edit).toMatchObject({ status: 302, location: `/admin/unlock?next=${encodeURIComponent(`/admin/messages/${id}/edit`)}` });
    const note = await routes.post(
      item.action,
      `/admin/messages/${id}`,
      { ids: id, intent: "note", note: "x" },
      { inbox: "messages", id },
      STAFF,
    );
    expect(note.status).toBe(403);
  });
});

describe("the news editor", () => {
  const item = (fields: Record<string, string> = {}) => {
    const form = new FormData();
    const values = {
      title: "A title",
      excerpt: "An excerpt.",
      source: "A source",
      publishedDate: "2026-11-20",
      originalUrl: "https://news.example/story",
      status: "published",
      ...fields,
    };
    for (const [name, value] of Object.entries(values)) form.set(name, value);
    if (!("communities" in fields)) form.append("communities", "yazidis");
    return form;
  };

  it("refuses a script or relative address, a date in the future and no community, each at its field, keeping what was typed", async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    for (const bad of ["javascript:alert(1)", "data:text/html,hello", "/a/relative/path"]) {
      const form = item({ originalUrl: bad, publishedDate: tomorrow, communities: "" });
      form.delete("communities");
      const answer = await routes.post<{ kind: string; errors: Record<string, string[]>; values: Record<string, unknown> }>(
        newsEdit.action,
        "/admin/news/new",
        form,
      );
      expect(answer.status).toBe(400);
      expect(answer.data.errors).toEqual({
        originalUrl: ["Enter the article's full address, starting with https:// or http://"],
        publishedDate: ["The publication date cannot be in the future"],
        communities: ["Choose at least one community"],
      });
      expect(answer.data.values.originalUrl).toBe(bad);
    }
  });

  it("saves an item, asks before deleting it, deletes it, and refuses to pin one outside a community's list", async () => {
    const saved = await routes.post(newsEdit.action, "/admin/news/new", item({ title: "Saved by a route test" }));
    expect(saved.status).toBe(302);
    const id = new URL(saved.location!, ORIGIN).pathname.split("/").pop()!;
    expect((await routes.get(newsEdit.loader, `/admin/news/${id}`, { id })).data).toMatchObject({
      values: { title: "Saved by a route test" },
    });
    const pin = await routes.post(news.action, "/admin/news", { id, community: "copts", intent: "pin" });
    expect(pin).toMatchObject({ status: 404, data: { error: "That item is not in this community's list any more." } });
    expect((await routes.post(newsEdit.action, `/admin/news/${id}`, { intent: "delete" }, { id })).data).toEqual({
      kind: "confirm-delete",
    });
    const deleted = await routes.post(newsEdit.action, `/admin/news/${id}`, { intent: "delete", confirmed: "yes" }, { id });
    expect(deleted).toMatchObject({ status: 302, location: "/admin/news?deleted=1" });
    expect((await routes.get(newsEdit.loader, `/admin/news/${id}`, { id })).status).toBe(404);
  });
});
