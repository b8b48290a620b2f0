/**
 * Two instances of the built server on one PostgreSQL, each with its own render cache: a news change
 * made through either is shown by both (the content version row, polled every second), never an old copy.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../db/client.server";
import { SYSTEM } from "../../app/staff/audit.server";
import { startBuiltServer } from "../helpers/built-server";
import { createTestDatabase, hasPostgres } from "../helpers/databases";
import { newsInput, newsServiceOn } from "../helpers/news";

describe.runIf(hasPostgres)("two instances on one PostgreSQL", () => {
  let servers: Awaited<ReturnType<typeof startBuiltServer>>[] = [];
  let database: DatabaseHandle;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const created = await createTestDatabase();
    drop = created.drop;
    // One after the other: the first applies the migrations and seeds the news.
    servers.push(await startBuiltServer({ DATABASE_URL: created.url }));
    servers.push(await startBuiltServer({ DATABASE_URL: created.url }));
    database = await openDatabase({ databaseUrl: created.url });
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    servers = [];
    await database?.close();
    await drop?.();
  });

  const page = (server: { url: string }, path: string) => fetch(`${server.url}${path}`);

  it("both stop serving their kept copy of a page once the news changes, and keep the new one", async () => {
    const path = "/communities/assyrians";
    for (const server of servers) {
      await page(server, path);
      expect((await page(server, path)).headers.get("x-render-cache")).toBe("hit");
    }
    const input = newsInput({
      title: "Assyrian heritage site reopens",
      publishedDate: new Date().toISOString().slice(0, 10),
      communities: ["assyrians"],
    });
    // What the staff area does on one instance: the save announces itself to every instance.
    await newsServiceOn(database.db).save(SYSTEM, input);

    for (const server of servers) {
      await expect
        .poll(async () => (await (await page(server, path)).text()).includes("Assyrian heritage site reopens"), { timeout: 60_000 })
        .toBe(true);
      expect((await page(server, path)).headers.get("x-render-cache")).toBe("hit");
    }
  });
});
