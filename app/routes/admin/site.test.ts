/**
 * The Site section's lists, called with a Request (issue 31): the checklist of what the site still needs, the
 * pages marked as reviewed, the boards (adding, moving, refusals) and a document's history (restoring,
 * refusals). Each change is checked in the edition visitors are served.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeHarness, type RouteHarness } from "../../../tests/helpers/routes";
import * as history from "./site-history";
import * as pages from "./site-pages";
import * as people from "./site-people";
import * as site from "./site";

let routes: RouteHarness;
beforeAll(async () => {
  routes = await routeHarness();
});
afterAll(() => routes?.close());

const served = () => routes.services.publisher.current();
const today = () => new Date().toISOString().slice(0, 10);

describe("the Site section", () => {
  it("lists what the site still needs, each item linked to its editor", async () => {
    const { data } = await routes.get<Awaited<ReturnType<typeof site.loader>>>(site.loader, "/admin/site");
    expect(data.placeholders.length).toBeGreaterThan(10);
    expect(data.placeholders).toContainEqual({
      path: "site.yaml",
      what: expect.stringMatching(/^contact email/),
      editor: "/admin/site/settings",
    });
    expect(data.placeholders.every((item) => item.editor)).toBe(true);
  });

  it("marks a page as reviewed today, for visitors too; a page without a review date is refused", async () => {
    const marked = await routes.post(pages.action, "/admin/site/pages", { path: "communities/samaritans.md" });
    expect(marked.data).toEqual({ message: "Samaritans: marked as reviewed today." });
    expect(served().communities.find((c) => c.slug === "samaritans")!.lastReviewed).toBe(today());
    expect(await routes.post(pages.action, "/admin/site/pages", { path: "pages/home.md" })).toMatchObject({ status: 404 });
  });
});

describe("the boards", () => {
  const add = (fields: Record<string, string>) => routes.post(people.action, "/admin/site/people", { board: "directors", ...fields });

  it("adds a person at the end of the grid, refusing a form without a biography and a title the grid does not show", async () => {
    const refused = await add({ "directors-name": "Nadia Example", "directors-title": "Director", "directors-biography": "" });
    expect(refused).toMatchObject({ status: 400, data: { errors: { biography: [expect.stringMatching(/^Write a biography/)] } } });
    const wrongTitle = await add({ "directors-name": "Nadia Example", "directors-title": "Advisor", "directors-biography": "A lawyer." });
    expect(wrongTitle).toMatchObject({
      status: 400,
      data: { errors: { form: [expect.stringContaining("titled Director, Chairman or President")] } },
    });
    const added = await add({ "directors-name": "Nadia Example", "directors-title": "Director", "directors-biography": "A lawyer." });
    expect(added).toMatchObject({ status: 302, location: "/admin/site/people/directors/nadia-example?added=1" });
    expect(
      served()
        .directors.filter((m) => m.listed)
        .at(-1),
    ).toMatchObject({ id: "nadia-example", name: "Nadia Example" });
  });

  it("moves a person up the grid, and refuses a move past its end", async () => {
    const grid = () =>
      served()
        .directors.filter((m) => m.listed)
        .map((m) => m.id);
    const before = grid();
    const last = before.at(-1)!;
    const moved = await routes.post(people.action, "/admin/site/people", { board: "directors", id: last, move: "up" });
    expect(moved.status).toBe(302);
    expect(grid()).toEqual([...before.slice(0, -2), last, before.at(-2)]);
    const refused = await routes.post(people.action, "/admin/site/people", { board: "directors", id: before[0]!, move: "up" });
    expect(refused).toMatchObject({ status: 409, data: { moveError: expect.stringContaining("already at that end") } });
    expect(await routes.post(people.action, "/admin/site/people", { board: "officers" })).toMatchObject({ status: 400 });
  });
});

describe("a document's history", () => {
  const PATH = "communities/mandaeans.md";
  const open = (query = "") =>
    routes.get<Awaited<ReturnType<typeof history.loader>>>(history.loader, `/admin/site/history?path=${encodeURIComponent(PATH)}${query}`);

  it("restores an earlier revision as a new one, and refuses one started from an older revision", async () => {
    const store = routes.services.app.contentStore;
    const first = (await store.get(PATH))!;
    await store.save({
      path: PATH,
      revision: first.revision,
      source: first.source.replace(/^adjective: .*$/m, "adjective: Changed"),
      savedBy: "x",
    });
    expect(served().communities.find((c) => c.slug === "mandaeans")!.adjective).toBe("Changed");
    const { data } = await open();
    expect(data.revisions.map((r) => r.revision)).toEqual([first.revision + 1, first.revision]);
    expect(data.diff.filter((l) => l.kind === "added" || l.kind === "removed").map((l) => ("text" in l ? l.text : ""))).toEqual([
      expect.stringContaining("adjective: Mandaean"),
      "adjective: Changed",
    ]);
    const stale = await routes.post(history.action, "/admin/site/history", {
      path: PATH,
      revision: String(first.revision),
      current: String(first.revision),
    });
    expect(stale).toMatchObject({ status: 409, data: { error: expect.stringContaining("meanwhile") } });
    const restored = await routes.post(history.action, "/admin/site/history", {
      path: PATH,
      revision: String(first.revision),
      current: String(first.revision + 1),
    });
    expect(restored.status).toBe(302);
    expect(served().communities.find((c) => c.slug === "mandaeans")!.adjective).toBe("Mandaean");
  });

  it("answers 404 for a path that is not a document, and refuses to erase a photograph without the box ticked", async () => {
    expect((await routes.get(history.loader, "/admin/site/history?path=../../etc/passwd")).status).toBe(404);
    expect((await routes.get(history.loader, "/admin/site/history?path=communities/atlantis.md")).status).toBe(404);
    const erase = await routes.post(history.action, "/admin/site/history", { path: PATH, intent: "erase", image: "0".repeat(64) });
    expect(erase).toMatchObject({ status: 400, data: { error: expect.stringContaining("Tick the box") } });
  });
});
