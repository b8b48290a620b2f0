import { data, Form, href, Link, useSearchParams } from "react-router";
import type { Route } from "./+types/news";
import { ActionNotice, FilterSelect, SearchAndShow, StaffTable } from "~/components/staff/Controls";
import type { SiteContent } from "~/content/collections.server";
import { appContext } from "~/context.server";
import { changeNotice, notLiveQuery } from "~/lib/published";
import { formatDate } from "~/lib/dates";
import { NEWS_STATUSES } from "~/news/news";
import { actorOf, staffUser } from "~/staff/session.server";

export const meta = () => [{ title: "News · Staff area" }];

const communityChoices = (content: SiteContent) => content.communities.map((c) => [c.slug, c.name] as const);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { content } = context.get(appContext);
  const params = new URL(request.url).searchParams;
  const community = content.communities.find((c) => c.slug === params.get("community"))?.slug;
  const q = params.get("q")?.trim().slice(0, 200) || undefined;
  const items = await context.get(appContext).news.list({ community, q });
  const names = Object.fromEntries(communityChoices(content));
  return {
    community,
    q,
    communities: communityChoices(content),
    items: items.map((i) => ({ ...i, communityNames: i.communities.map((slug) => names[slug] ?? slug) })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { news } = context.get(appContext);
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  const community = String(form.get("community") ?? "");
  const pinned = form.get("intent") === "pin";
  const done = await news.pin(actorOf(staffUser(context)), id, community, pinned);
  if (!done) return data({ error: "That item is not in this community's list any more." }, { status: 404 });
  return changeNotice(
    new URLSearchParams(notLiveQuery(done)),
    pinned ? "Pinned to the top of the list" : "Unpinned: it takes its place by date",
    null,
  );
}

export default function NewsList({ loaderData, actionData }: Route.ComponentProps) {
  const { community, q, communities, items } = loaderData;
  const [params] = useSearchParams();
  const name = communities.find(([slug]) => slug === community)?.[1];
  const notice = actionData ?? (params.get("deleted") ? changeNotice(params, "News item deleted", null) : undefined);
  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-4">
        <h1 className="font-serif text-3xl font-bold text-navy-900">News</h1>
        <Link to={href("/admin/news/new")} className="btn-primary">
          Add a news item
        </Link>
      </div>
      <p className="mt-2 max-w-3xl">
        Each community page shows its top three published items, and all of them under “All news”. Newest first, unless you pin one to the
        top: choose a community to see its list as visitors do and to pin.
      </p>
      <Form
        method="get"
        role="search"
        aria-label="Filter news"
        className="mt-4 flex flex-wrap items-end gap-3 rounded-lg bg-white p-4 shadow-sm"
      >
        <FilterSelect name="community" label="Community" value={community} options={communities} />
        <SearchAndShow label="Title contains" value={q} />
      </Form>
      <ActionNotice result={notice} />
      <p className="mt-6" aria-live="polite">
        {items.length === 0
          ? "No news items here."
          : `${items.length} ${items.length === 1 ? "item" : "items"}${name ? ` for ${name}, in the order visitors see them` : ""}.`}
      </p>
      {items.length > 0 ? (
        <StaffTable
          caption={name ? `News for ${name}, in visitors' order` : "News, newest first"}
          headers={["Title", "Published", "Communities", "Status", ...(community ? ["Order"] : [])]}
        >
          {items.map((item) => {
            const pinned = community ? item.pinnedIn.includes(community) : false;
            return (
              <tr key={item.id} className="border-b border-sand-200">
                <td className="p-3" dir="auto">
                  <Link to={href("/admin/news/:id", { id: item.id })} className="text-navy-700 underline">
                    {item.title}
                  </Link>
                </td>
                <td className="p-3 whitespace-nowrap">
                  <time dateTime={item.publishedDate}>{formatDate(item.publishedDate)}</time>
                </td>
                <td className="p-3">{item.communityNames.join(", ")}</td>
                <td className="p-3">
                  <span
                    className={`rounded px-2 py-0.5 font-semibold ${item.status === "draft" ? "bg-sand-200 text-navy-950" : "bg-green-100 text-green-900"}`}
                  >
                    {NEWS_STATUSES[item.status]}
                  </span>
                </td>
                {community ? (
                  <td className="p-3">
                    <Form method="post" className="flex items-center gap-2">
                      <input type="hidden" name="id" value={item.id} />
                      <input type="hidden" name="community" value={community} />
                      <input type="hidden" name="intent" value={pinned ? "unpin" : "pin"} />
                      {pinned ? <span className="font-semibold">Pinned</span> : null}
                      <button type="submit" className="underline">
                        {pinned ? "Unpin" : "Pin to top"}
                        <span className="sr-only">: {item.title}</span>
                      </button>
                    </Form>
                  </td>
                ) : null}
              </tr>
            );
          })}
        </StaffTable>
      ) : null}
    </>
  );
}
