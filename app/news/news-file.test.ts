/** The news in `npm run content:export`: news.yaml as staff keep the news. */
import { expect, it } from "vitest";
import { onEmbeddedDatabase } from "../../tests/helpers/databases";
import { newsInput, newsServiceOn } from "../../tests/helpers/news";
import { contentFiles, firstEdition } from "../content/content.server";
import { parseYamlFile } from "../content/parse";
import { newsSchema } from "../content/schemas";
import { SYSTEM } from "../staff/audit.server";
import { newsFile } from "./news-file.server";

// The news read by one query at a time, by one client: nothing here could differ between databases.
onEmbeddedDatabase("the news in an export", (handle) => {
  it("is the seed file itself until staff change the news, then every published item and no draft", async () => {
    const news = newsServiceOn(handle().db);
    await news.seed(firstEdition().news);
    expect(await newsFile(handle().db, contentFiles["news.yaml"])).toBe(contentFiles["news.yaml"]);

    const [gone] = firstEdition().news;
    await news.remove(SYSTEM, gone!.id);
    await news.save(SYSTEM, newsInput({ title: "A staff item", communities: ["yazidis", "druze"] }));
    await news.save(SYSTEM, newsInput({ title: "A draft", communities: ["copts"], status: "draft" }));
    const exported = parseYamlFile("news.yaml", await newsFile(handle().db, contentFiles["news.yaml"]), newsSchema).items;
    expect(exported.map((i) => i.id)).not.toContain(gone!.id);
    expect(exported.find((i) => i.title === "A staff item")).toMatchObject({ communities: ["druze", "yazidis"] });
    expect(exported.some((i) => i.title === "A draft")).toBe(false);
    expect(exported).toHaveLength(firstEdition().news.length);
  });
});
