/**
 * What staff change in the Site section survives a restart and a deploy (the files are read again each
 * start): an edited community page stays edited, and a partner they removed stays removed. The real server
 * starts, stops, the content is changed as the staff area changes it, and it starts again.
 */
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client.server";
import { PARTNERS_PATH } from "../../app/content/editors";
import { formOf, saveDocument } from "../../app/content/editing.server";
import { contentOn } from "../helpers/content-store";
import { startBuiltServer } from "../helpers/built-server";
import { embeddedPlace } from "../helpers/databases";

const EDITOR = { id: "staff-restart", email: "editor@example.org" };
const SENTENCE = "A sentence staff added, which must outlive the restart.";

// Data that outlives the process is the embedded database's own concern (its folder); PostgreSQL keeps it by itself.
// What a start does with staff's changes (the seed never overrides them) is the same SQL on both, and store.test.ts
// checks it on each.
const places = [embeddedPlace("folder")];

for (const place of places) {
  describe(`site content across restarts on ${place.name}`, () => {
    const cleanup: (() => Promise<void>)[] = [];
    afterAll(async () => {
      for (const step of cleanup) await step();
    });

    it("an edited page stays edited and a removed partner stays removed", async () => {
      const { env, drop } = await place.make();
      cleanup.push(drop);
      const visit = async () => {
        const server = await startBuiltServer(env);
        try {
          const [community, partners] = await Promise.all(
            ["/communities/samaritans", "/partners"].map((p) => fetch(`${server.url}${p}`).then((r) => r.text())),
          );
          return { community: community!, partners: partners! };
        } finally {
          await server.close();
        }
      };
      const before = await visit();
      expect(before.community).not.toContain(SENTENCE);

      // While the server is stopped (the embedded database has one user at a time), staff edit and remove.
      const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
      const { store } = await contentOn(database.db);
      const page = "communities/samaritans.md";
      const form = formOf(page, (await store.get(page))!);
      const body = form.body.replace(/^## Under Attack\n/m, `## Under Attack\n\n${SENTENCE}\n`);
      expect(await saveDocument(store, database.db, EDITOR, page, { ...form, body }, "save")).toMatchObject({ kind: "saved" });
      const partners = formOf(PARTNERS_PATH, (await store.get(PARTNERS_PATH))!);
      const [removed, ...kept] = partners.lists.partners!;
      expect(before.partners).toContain(removed!.name);
      const saved = await saveDocument(store, database.db, EDITOR, PARTNERS_PATH, { ...partners, lists: { partners: kept } }, "save");
      expect(saved).toMatchObject({ kind: "saved" });
      await database.close();

      const after = await visit();
      expect(after.community).toContain(SENTENCE);
      expect(after.partners).not.toContain(removed!.name);
      expect(after.partners).toContain(kept[0]!.name);
    });
  });
}
