import { data, Form, href, Link } from "react-router";
import type { Route } from "./+types/site-pages";
import { ActionNotice, BackLink, StaffTable } from "~/components/staff/Controls";
import { editorFor, PARTNERS_PATH } from "~/content/editors";
import { markReviewed, reviewedPages } from "~/content/review.server";
import { appContext } from "~/context.server";
import { changeNotice, notLiveQuery } from "~/lib/published";
import { formatDate } from "~/lib/dates";
import { actorOf, staffUser } from "~/staff/session.server";

export const meta = () => [{ title: "Pages · Site · Staff area" }];

/** The pages without sources or a review date, each with its editor. */
const OTHER_PAGES = [
  { path: "pages/home.md", title: "Home page" },
  { path: "pages/about.md", title: "About page" },
  { path: "pages/privacy-policy.md", title: "Privacy Policy" },
  { path: "pages/terms-of-use.md", title: "Terms of Use" },
  { path: PARTNERS_PATH, title: "Partners" },
].map((page) => ({ ...page, editor: editorFor(page.path)! }));

export const loader = ({ context }: Route.LoaderArgs) => ({ pages: reviewedPages(context.get(appContext).content), others: OTHER_PAGES });

export async function action({ request, context }: Route.ActionArgs) {
  const { contentStore, database, content } = context.get(appContext);
  const path = String((await request.formData()).get("path") ?? "");
  const today = new Date().toISOString().slice(0, 10);
  const marked = await markReviewed(contentStore, database.db, actorOf(staffUser(context)), path, today);
  if (!marked) return data({ error: "That page cannot be marked as reviewed." }, { status: 404 });
  const title = reviewedPages(content).find((p) => p.path === path)?.title ?? path;
  return changeNotice(new URLSearchParams(notLiveQuery(marked)), `${title}: marked as reviewed today`, null);
}

export default function Pages({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <BackLink to={href("/admin/site")}>Site</BackLink>
      <h1 className="mt-2 font-serif text-3xl font-bold text-navy-900">Pages</h1>
      <p className="mt-2 max-w-3xl">
        Open a page to edit its text, sources and photograph details. Each page's facts rest on its sources. When you have checked every
        figure and claim against them, mark the page as reviewed: pages not reviewed for 12 months are listed under “What the site still
        needs”.
      </p>
      <ActionNotice result={actionData} />
      <StaffTable caption="Community pages and articles" headers={["Page", "Sources", "Last reviewed", "Review"]}>
        {loaderData.pages.map((page) => (
          <tr key={page.path} className="border-b border-sand-200">
            <td className="p-3">
              <Link to={editorFor(page.path)!} className="underline">
                {page.title}
              </Link>{" "}
              <span className="text-sand-700">({page.path})</span>
            </td>
            <td className="p-3">{page.sources}</td>
            <td className="p-3">{page.lastReviewed ? formatDate(page.lastReviewed) : "Never"}</td>
            <td className="p-3">
              <Form method="post">
                <input type="hidden" name="path" value={page.path} />
                <button type="submit" className="btn-secondary text-navy-900">
                  Mark as reviewed<span className="sr-only">: {page.title}</span>
                </button>
              </Form>
            </td>
          </tr>
        ))}
      </StaffTable>
      <h2 className="mt-8 font-serif text-2xl font-bold text-navy-900">Other pages</h2>
      <ul className="mt-2 list-disc space-y-1 ps-6">
        {loaderData.others.map((page) => (
          <li key={page.path}>
            <Link to={page.editor} className="underline">
              {page.title}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
