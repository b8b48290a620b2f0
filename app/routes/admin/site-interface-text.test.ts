/**
 * "Interface text" in the Site section (issue 34), called with a Request as React Router calls it: a Sorani
 * Kurdish correction is in the edition visitors are served as soon as the save answers, and so in the text a
 * public page is rendered with (tests/integration/render-cache.test.ts reads it on the page itself); a bad
 * correction is refused at its string with what was typed kept; the forms' messages are said as corrected, on the
 * page and at the endpoint; a reset; a language marked reviewed leaves "What the site still needs", and is listed
 * again with the strings a later release added or changed since, each marked on its page (rendered here).
 */
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDate } from "~/lib/dates";
import { interfaceText, SHIPPED } from "~/i18n/interface-text.server";
import type { LanguageCode } from "~/i18n/languages";
import { interfaceReviews, staffUsers } from "../../../db/schema";
import { ADMIN, ORIGIN, routeHarness, type RouteHarness } from "../../../tests/helpers/routes";
import * as contact from "../contact";
import * as endpoint from "../submission-endpoint";
import * as site from "./site";
import InterfaceText, { action, loader } from "./site-interface-text";

type Loaded = Awaited<ReturnType<typeof loader>>;
type Editing = NonNullable<Loaded["editing"]>;

let routes: RouteHarness;
beforeAll(async () => {
  routes = await routeHarness();
  await routes.services.app.database.db.insert(staffUsers).values({ id: ADMIN.id!, name: ADMIN.email!, email: ADMIN.email! });
});
afterAll(() => routes?.close());

const CKB = { address: "/admin/site/interface-text/ckb", params: { language: "ckb" } };
const openPage = async () => (await routes.get<Loaded>(loader, CKB.address, CKB.params)).data;
const open = async () => (await openPage()).editing!;
const stringIn = (editing: Editing, key: string) => editing.groups.flatMap((g) => g.strings).find((s) => s.key === key)!;
const send = (fields: Record<string, string>) => routes.post<Record<string, unknown>>(action, CKB.address, fields, CKB.params);
/** The interface text a public page in `language` is rendered with now (the root loader's `text`). */
const publicText = (language: LanguageCode) => interfaceText(language, routes.services.publisher.current().interfaceCorrections);
const needs = async () => (await routes.get<Awaited<ReturnType<typeof site.loader>>>(site.loader, "/admin/site")).data.interfaceText;
const stillNeeds = async () => (await needs()).map((i) => i.path);
/** The page as the server renders it for `loaderData` (its HTML). */
function rendered(loaderData: Loaded) {
  const page = () => createElement(InterfaceText, { loaderData, actionData: undefined } as never);
  const router = createMemoryRouter([{ path: "/admin/site/interface-text/:language?", Component: page }], {
    initialEntries: [CKB.address],
  });
  return renderToStaticMarkup(createElement(RouterProvider, { router }));
}
/** The mark on each string added or changed since the language's review. */
const MARK = /<strong[^>]*>New since the review<\/strong>/g;
/** What a page says, without its tags. */
const wordsOf = (html: string) => html.replace(/<[^>]*>/g, "");

describe("the Interface text page", () => {
  it("lists every language by its own name, and shows one language's every string beside its English, in its direction", async () => {
    const { data } = await routes.get<Loaded>(loader, "/admin/site/interface-text");
    expect(data.languages.map((l) => [l.code, l.name, l.englishName])).toContainEqual(["ckb", "کوردیی ناوەندی", "Kurdish (Sorani)"]);
    expect(data.languages.find((l) => l.code === "en")!.review).toBeNull();
    const ckb = await open();
    expect(ckb).toMatchObject({ code: "ckb", dir: "rtl", review: { reviewed: null } });
    expect(ckb.groups.map((g) => g.heading)).toContain("Main menu");
    expect(stringIn(ckb, "footer.rights")).toMatchObject({
      english: SHIPPED.en["footer.rights"],
      text: SHIPPED.ckb["footer.rights"],
      values: ["{year}", "{organization}"],
      correction: null,
    });
    expect(ckb.groups.flatMap((g) => g.strings)).toHaveLength(Object.keys(SHIPPED.en).length);
    expect((await routes.get(loader, "/admin/site/interface-text/de", { language: "de" })).status).toBe(404);
  });

  it("serves a saved Kurdish correction on the public page at once, and says who changed it and when", async () => {
    const correction = "ماڵەوە";
    const saved = await send({ "text:nav.home": correction, "shown:nav.home": SHIPPED.ckb["nav.home"]! });
    expect(saved).toMatchObject({ status: 302, location: "/admin/site/interface-text/ckb?saved=1" });
    expect(routes.services.publisher.current().interfaceCorrections.ckb).toEqual({ "nav.home": correction });
    expect(publicText("ckb")["nav.home"]).toBe(correction);
    expect(publicText("en")["nav.home"]).toBe("Home");
    expect(stringIn(await open(), "nav.home")).toMatchObject({
      text: correction,
      correction: { savedBy: ADMIN.email, savedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), problem: null },
    });
  });

  it("says the forms' messages as corrected, on the form page and at the JSON endpoint", async () => {
    const corrected = { "forms.correctFields": "خانەکان ڕاست بکەرەوە.", "forms.error.nameRequired": "ناوەکەت بنووسە" };
    const saved = await send(
      Object.fromEntries(
        Object.entries(corrected).flatMap(([key, text]) => [
          [`text:${key}`, text],
          [`shown:${key}`, SHIPPED.ckb[key as keyof typeof corrected]!],
        ]),
      ),
    );
    expect(saved.status).toBe(302);
    const page = await routes.post<{ error: string }>(contact.action, "/ckb/contact", { name: "", email: "a@example.org" }, {}, null);
    expect(page).toMatchObject({ status: 400, data: { error: corrected["forms.correctFields"] } });
    const json = await endpoint.action({
      request: new Request(`${ORIGIN}/api/submit-contact-form`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "", email: "a@example.org", subject: "x", message: "y", agree_to_terms: true, language: "ckb" }),
      }),
      params: { name: "submit-contact-form" },
      context: routes.contextFor(null, "/api/submit-contact-form"),
    } as never);
    expect(await json.json()).toEqual({
      error: corrected["forms.correctFields"],
      fieldErrors: { name: [corrected["forms.error.nameRequired"]] },
    });
  });

  it("refuses a correction without the English's values, at its string, keeping what was typed and saving nothing", async () => {
    const typed = "© هەموو مافەکان پارێزراون";
    const refused = await send({
      "text:nav.about": "دەربارە",
      "shown:nav.about": SHIPPED.ckb["nav.about"]!,
      "text:footer.rights": typed,
      "shown:footer.rights": SHIPPED.ckb["footer.rights"]!,
    });
    expect(refused).toMatchObject({
      status: 400,
      data: {
        kind: "invalid",
        errors: { "footer.rights": [expect.stringContaining("Put back {year}, {organization}")] },
        form: { typed: { "footer.rights": typed, "nav.about": "دەربارە" } },
      },
    });
    expect(publicText("ckb")["nav.about"]).toBe(SHIPPED.ckb["nav.about"]);
  });

  it("resets a string to the shipped text", async () => {
    const reset = await send({ "text:nav.home": "ماڵەوە", "shown:nav.home": "ماڵەوە", reset: "nav.home" });
    expect(reset.status).toBe(302);
    expect(publicText("ckb")["nav.home"]).toBe(SHIPPED.ckb["nav.home"]);
    expect(stringIn(await open(), "nav.home").correction).toBeNull();
  });

  it("lists a language under “What the site still needs” until it is marked reviewed, and again once unmarked", async () => {
    expect(await stillNeeds()).toEqual(["ar", "fa", "ckb", "ku", "fr"]);
    expect(await send({ intent: "review" })).toMatchObject({
      status: 200,
      data: { message: expect.stringContaining("marked as reviewed") },
    });
    expect(await stillNeeds()).toEqual(["ar", "fa", "ku", "fr"]);
    expect((await open()).review).toEqual({ reviewed: { reviewedBy: ADMIN.email, reviewedAt: expect.any(String), addedOrChanged: 0 } });
    await send({ intent: "unreview" });
    expect(await stillNeeds()).toEqual(["ar", "fa", "ckb", "ku", "fr"]);
  });

  it("lists a reviewed language again with the strings added or changed since its review, and marks each on its page", async () => {
    expect(await send({ intent: "review" })).toMatchObject({ status: 200 });
    expect(await stillNeeds()).not.toContain("ckb");
    // A later release shipped nav.home anew and changed footer.rights: the review's record has neither as it is now.
    const { db } = routes.services.app.database;
    const [row] = await db.select().from(interfaceReviews).where(eq(interfaceReviews.language, "ckb"));
    const { "nav.home": _added, ...kept } = row!.strings!;
    await db
      .update(interfaceReviews)
      .set({ strings: { ...kept, "footer.rights": "before" } })
      .where(eq(interfaceReviews.language, "ckb"));
    const on = formatDate(row!.reviewedAt.toISOString().slice(0, 10));
    expect((await needs()).find((i) => i.path === "ckb")).toEqual({
      path: "ckb",
      what: `Kurdish (Sorani) interface text: 2 strings added or changed since the review on ${on}`,
      editor: "/admin/site/interface-text/ckb",
    });

    const ckb = await open();
    expect(ckb.review).toEqual({ reviewed: { reviewedBy: ADMIN.email, reviewedAt: expect.any(String), addedOrChanged: 2 } });
    expect(
      ckb.groups
        .flatMap((g) => g.strings)
        .filter((s) => s.sinceReview)
        .map((s) => s.key),
    ).toEqual(["nav.home", "footer.rights"]);
    const html = rendered(await openPage());
    expect(wordsOf(html)).toContain(`Reviewed by ${ADMIN.email} on ${on}; 2 strings added or changed since await review.`);
    // Each string so marked says so in words, and its field is described by them.
    expect(html.match(MARK)).toHaveLength(2);
    expect(html).toMatch(/<p id="text-nav-home-review"[^>]*><strong[^>]*>New since the review<\/strong>/);
    expect(html).toMatch(/<input[^>]*id="text-nav-home"[^>]*aria-describedby="text-nav-home-review"/);
    expect(wordsOf(html)).toContain("Mark as reviewed again");
    // The languages' table says the same.
    const overview = rendered((await routes.get<Loaded>(loader, "/admin/site/interface-text")).data);
    expect(wordsOf(overview)).toContain(`Reviewed by ${ADMIN.email} on ${on}; 2 strings added or changed since await review`);

    await db
      .update(interfaceReviews)
      .set({ strings: { ...row!.strings!, "footer.rights": "before" } })
      .where(eq(interfaceReviews.language, "ckb"));
    expect((await needs()).find((i) => i.path === "ckb")?.what).toBe(
      `Kurdish (Sorani) interface text: 1 string added or changed since the review on ${on}`,
    );
    expect(wordsOf(rendered(await openPage()))).toContain("; 1 string added or changed since awaits review.");

    // Marked reviewed again, the review covers today's strings, and the language leaves the list.
    expect(await send({ intent: "review" })).toMatchObject({
      status: 200,
      data: { message: expect.stringContaining("marked as reviewed") },
    });
    expect(await stillNeeds()).not.toContain("ckb");
    expect(rendered(await openPage()).match(MARK)).toBeNull();
    await send({ intent: "unreview" });
  });
});
