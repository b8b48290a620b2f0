/**
 * The Inbox key page, called as React Router calls it, on a new site's database: the first administrator makes
 * the key with their password, sees its two recovery keys once, and is unlocked; no one makes a second.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { inboxUnlocks, staffSessions, staffUsers } from "../../../db/schema";
import { currentInboxKey } from "~/lib/sealed-submissions.server";
import { createPersonalKey, openWithRecoveryKey } from "~/staff/inbox-keys.server";
import { ADMIN, routeHarness, STAFF, type RouteHarness } from "../../../tests/helpers/routes";
import { action, loader } from "./inbox-key";

const PASSWORD = "violet anchor tundra lantern";
let routes: RouteHarness;
beforeAll(async () => {
  routes = await routeHarness();
  const { db } = routes.services.app.database;
  await db.insert(staffUsers).values({ id: ADMIN.id, email: ADMIN.email, name: ADMIN.email, role: "admin" });
  await db
    .insert(staffSessions)
    .values({ id: `session-${ADMIN.id}`, token: "t", userId: ADMIN.id, expiresAt: new Date(Date.now() + 3_600_000) });
  await createPersonalKey(db, ADMIN.id, PASSWORD);
});
afterAll(() => routes?.close());

it("lets the first administrator make the inbox key, shows its recovery keys once, unlocks them, and refuses a second", async () => {
  const { db } = routes.services.app.database;
  expect((await routes.get<{ key: unknown }>(loader, "/admin/inbox-key")).data.key).toBeNull();
  expect(await routes.post(action, "/admin/inbox-key", { intent: "make", password: "not the password" })).toMatchObject({ status: 400 });
  expect(await currentInboxKey(db)).toBeUndefined();

  const made = await routes.post<{ recoveryKeys: string[] }>(action, "/admin/inbox-key", { intent: "make", password: PASSWORD });
  expect(made.status).toBe(200);
  expect(made.data.recoveryKeys).toHaveLength(2);
  for (const key of made.data.recoveryKeys) expect(await openWithRecoveryKey(db, key)).not.toBeNull();
  // Made and given to them: the session is unlocked.
  const [unlocked] = await db.select().from(inboxUnlocks);
  expect(unlocked?.sessionId).toBe(`session-${ADMIN.id}`);
  expect(
    (await routes.get<{ key: { id: string }; accounts: { email: string; holds: boolean }[] }>(loader, "/admin/inbox-key")).data,
  ).toMatchObject({
    key: { id: (await currentInboxKey(db))!.id },
    accounts: [expect.objectContaining({ email: ADMIN.email, holds: true })],
  });

  expect(await routes.post(action, "/admin/inbox-key", { intent: "make", password: PASSWORD })).toMatchObject({
    status: 409,
    data: { error: "The inbox key already exists." },
  });
  // Staff accounts do not manage the key.
  expect((await routes.get(loader, "/admin/inbox-key", {}, STAFF)).status).toBe(403);
});
