/**
 * What staff change in the news survives a restart (and a deploy: the seed file is read again each start).
 * The real server starts, stops, the news is changed as the staff area changes it, and it starts again.
 */
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client.server";
import { buildSiteContent } from "../../app/content/collections.server";
import { readContentFiles } from "../../app/content/read-files.server";
import { validate } from "../../app/lib/validation";
import { newsItemSchema } from "../../app/news/news";
import { SYSTEM } from "../../app/staff/audit.server";
import { startBuiltServer } from "../helpers/built-server";
import { embeddedPlace } from "../helpers/databases";
import { newsServiceOn } from "../helpers/news";

const content = buildSiteContent(readContentFiles(`${__dirname}/../../app/content`));
const [gone, edited] = content.news.filter((n) => n.communities.includes("druze"));

// Data that outlives the process is the embedded database's own concern (its folder); PostgreSQL keeps it by itself.
// What a start does with staff's changes (the seed never overrides them) is the same SQL on both, and news.test.ts
// checks it on each.
const places = [embeddedPlace("folder")];

for (const place of places) {
  describe(`news across restarts on ${place.name}`, () => {
    const cleanup: (() => Promise<void>)[] = [];
    afterAll(async () => {
      for (const step of cleanup) await step();
    });

    it("a seeded item staff deleted stays deleted, and one they edited stays edited", async () => {
      const { env, drop } = await place.make();
      cleanup.push(drop);
      /** The community page's Latest News card and the community's feed (the page's sources may cite the same articles). */
      const news = async () => {
        const server = await startBuiltServer(env);
        try {
          const [page, feed] = await Promise.all(
            ["/communities/druze", "/communities/druze/news.xml"].map((p) => fetch(`${server.url}${p}`).then((r) => r.text())),
          );
          return `${/<aside[\s\S]*?<\/aside>/.exec(page ?? "")?.[0]}\n${feed}`;
        } finally {
          await server.close();
        }
      };
      const escape = (s: string) => s.replaceAll("&", "&amp;").replaceAll("'", "&#x27;").replaceAll('"', "&quot;");
      expect(await news()).toContain(escape(gone!.title));

      // Staff delete one seeded item and retitle another, while the server is stopped (the embedded database has one user at a time).
      const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
      const staffNews = newsServiceOn(database.db);
      await staffNews.remove(SYSTEM, gone!.id);
      const current = await staffNews.get(edited!.id);
      const input = validate(
        newsItemSchema(
          content.communities.map((c) => c.slug),
          "2100-01-01",
        ),
        { ...current, title: "Retitled by staff" },
      );
      if (!input.success) throw new Error(JSON.stringify(input.fieldErrors));
      await staffNews.save(SYSTEM, input.data, edited!.id);
      await database.close();

      const after = await news();
      expect(after).not.toContain(escape(gone!.title));
      expect(after).toContain("Retitled by staff");
      expect(after).not.toContain(escape(edited!.title));
    });
  });
}
