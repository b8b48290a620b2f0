import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client.server";
import { contactSubmissions } from "../../db/schema";
import { spawnServer } from "../helpers/built-server";
import { spawnServerWithInboxKey } from "../helpers/inbox-key";
import { createTestDatabase, embeddedDataDir, hasPostgres } from "../helpers/databases";

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/**
 * Sends submissions from several concurrent clients until `killAfter` have been acknowledged, kills the
 * server with SIGKILL while more are in flight, restarts it on the same data and returns every id the
 * server acknowledged before dying.
 */
async function burstAndKill(env: Record<string, string>, killAfter: number): Promise<string[]> {
  const server = await spawnServerWithInboxKey({ ...env, SUBMISSION_RATE_LIMIT: "10000" });
  const acknowledged: string[] = [];
  let killed = false;
  const client = async (c: number) => {
    for (let n = 0; !killed && n < 500; n++) {
      try {
        const res = await fetch(`${server.url}/api/submit-contact-form`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            name: `Client ${c}`,
            email: "burst@example.org",
            subject: `Burst ${c}-${n}`,
            message: "Crash test",
            agree_to_terms: true,
          }),
        });
        if (res.status === 201) acknowledged.push((await res.json()).id);
      } catch {
        return; // the server is gone
      }
      if (!killed && acknowledged.length >= killAfter) {
        killed = true;
        server.child.kill("SIGKILL");
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, (_, c) => client(c)));
  await server.exited;
  expect(killed).toBe(true);
  // The restarted server must come up on the same data (recovering what the crash left).
  const again = await spawnServer(env);
  expect((await fetch(`${again.url}/healthz`)).status).toBe(200);
  again.child.kill("SIGTERM");
  await again.exited;
  return acknowledged;
}

describe("a crash in the middle of a burst of submissions", () => {
  it("loses no acknowledged submission on the embedded database", async () => {
    const { dir: dataDir, remove } = embeddedDataDir("crash-pglite-");
    cleanups.push(async () => remove());
    const acknowledged = await burstAndKill({ DATA_DIR: dataDir }, 60);
    const handle = await openDatabase({ dataDir });
    cleanups.push(() => handle.close());
    const stored = new Set((await handle.db.select({ id: contactSubmissions.id }).from(contactSubmissions)).map((r) => r.id));
    expect(acknowledged.length).toBeGreaterThanOrEqual(60);
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
  });

  it.runIf(hasPostgres)("loses no acknowledged submission on PostgreSQL", async () => {
    const { url, drop } = await createTestDatabase("migrated");
    cleanups.push(drop);
    const acknowledged = await burstAndKill({ DATABASE_URL: url }, 150);
    const handle = await openDatabase({ databaseUrl: url });
    cleanups.push(() => handle.close());
    const stored = new Set((await handle.db.select({ id: contactSubmissions.id }).from(contactSubmissions)).map((r) => r.id));
    expect(acknowledged.length).toBeGreaterThanOrEqual(150);
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
  });
});
