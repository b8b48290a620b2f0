import { data, Form, href, redirect, useSearchParams } from "react-router";
import { notFound } from "~/lib/responses";
import type { Route } from "./+types/news-edit";
import { ActionNotice, BackLink, NotSavedNotice, SaveAndPreview } from "~/components/staff/Controls";
import { NewsEntry } from "~/components/ui/NewsEntry";
import type { FieldErrors } from "~/lib/validation";
import { FieldError, RequiredMark, TextField } from "~/components/forms/fields";
import { appContext } from "~/context.server";
import { changeNotice, notLiveQuery } from "~/lib/published";
import { NEWS_STATUSES, type NewsInput } from "~/news/news";
import { newsPath } from "~/content/translation-store.server";
import { readNewsForm } from "~/news/editing.server";
import { translationsOf } from "~/content/translating.server";
import { MinorChange, Translations } from "~/components/staff/Translations";
import { actorOf, staffUser } from "~/staff/session.server";

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: `${loaderData?.id ? "Edit news item" : "Add a news item"} · Staff area` },
];

type Values = Omit<NewsInput, "status"> & { status: string };

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { content } = context.get(appContext);
  const communities = content.communities.map((c) => ({ slug: c.slug, name: c.name }));
  if (!params.id) {
    const preset = new URL(request.url).searchParams.get("community");
    const values: Values = {
      title: "",
      excerpt: "",
      source: "",
      publishedDate: new Date().toISOString().slice(0, 10),
      originalUrl: "",
      communities: communities.some((c) => c.slug === preset) ? [preset!] : [],
      status: "published",
    };
    return { id: null, communities, values, translations: null };
  }
  const { news, translationStore } = context.get(appContext);
  const item = await news.get(params.id);
  if (!item) notFound();
  return { id: item.id, communities, values: item as Values, translations: await translationsOf(translationStore, newsPath(item.id)) };
}

type Result = { kind: "invalid"; errors: FieldErrors; values: Values } | { kind: "preview"; values: Values } | { kind: "confirm-delete" };

export async function action({ params, request, context }: Route.ActionArgs) {
  const { content, news } = context.get(appContext);
  const actor = actorOf(staffUser(context));
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "delete" && params.id) {
    if (form.get("confirmed") !== "yes") return data<Result>({ kind: "confirm-delete" });
    const removed = (await news.remove(actor, params.id)) ?? notFound();
    throw redirect(`${href("/admin/news")}?${new URLSearchParams({ deleted: "1", ...notLiveQuery(removed) })}`);
  }
  const { values, result } = readNewsForm(
    form,
    content.communities.map((c) => c.slug),
  );
  if (!result.success) return data<Result>({ kind: "invalid", errors: result.fieldErrors, values }, { status: 400 });
  if (intent === "preview") return data<Result>({ kind: "preview", values: result.data });
  const saved = (await news.save(actor, result.data, params.id, form.get("minor") === "on")) ?? notFound();
  throw redirect(`${href("/admin/news/:id", { id: saved.id })}?${new URLSearchParams({ saved: "1", ...notLiveQuery(saved) })}`);
}

type Loaded = Route.ComponentProps["loaderData"];

/** The question a deletion asks first: it cannot be undone. */
function ConfirmDeletion({ id, title }: { id: string; title: string }) {
  return (
    <div role="alertdialog" aria-labelledby="confirm-delete" className="max-w-xl rounded-lg border-2 border-red-700 bg-white p-6">
      <h1 id="confirm-delete" className="font-serif text-xl font-bold text-navy-900">
        Delete “{title}”?
      </h1>
      <p className="mt-2">It disappears from every community page and feed at once. This cannot be undone.</p>
      <Form method="post" className="mt-4 flex flex-wrap gap-3">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="confirmed" value="yes" />
        <button type="submit" className="btn-primary bg-red-700 hover:bg-red-800">
          Delete
        </button>
        <a href={href("/admin/news/:id", { id })} className="btn-secondary text-navy-900">
          Cancel
        </a>
      </Form>
    </div>
  );
}

/** The communities an item is about, and whether visitors see it: boxes and radio buttons, each group with its error. */
function CommunitiesAndStatus({
  communities,
  values,
  errors,
}: {
  communities: Loaded["communities"];
  values: Values;
  errors: FieldErrors;
}) {
  return (
    <>
      <fieldset
        aria-describedby={errors.communities ? "communities-error" : undefined}
        aria-invalid={errors.communities ? true : undefined}
      >
        <legend className="font-semibold text-navy-900">
          Communities
          <RequiredMark />
        </legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {communities.map((c) => (
            <label key={c.slug} className="flex items-center gap-2">
              <input
                type="checkbox"
                name="communities"
                value={c.slug}
                defaultChecked={values.communities.includes(c.slug)}
                className="size-5"
              />
              {c.name}
            </label>
          ))}
        </div>
        <FieldError name="communities" errors={errors.communities} />
      </fieldset>
      <fieldset>
        <legend className="font-semibold text-navy-900">Visible to visitors?</legend>
        <div className="mt-2 flex flex-wrap gap-4">
          {Object.entries(NEWS_STATUSES).map(([value, label]) => (
            <label key={value} className="flex items-center gap-2">
              <input type="radio" name="status" value={value} defaultChecked={values.status === value} className="size-5" />
              {label}
              {value === "draft" ? <span className="text-sm text-sand-700">(hidden)</span> : null}
            </label>
          ))}
        </div>
        <FieldError name="status" errors={errors.status} />
      </fieldset>
    </>
  );
}

/** The item as its card will show it: the stored one, or what was typed once Preview is pressed. */
function NewsCardPreview({ id, values, previewing }: { id: string | null | undefined; values: Values; previewing: boolean }) {
  return (
    <section aria-labelledby="preview" className="rounded-xl border border-sand-200 bg-white p-6 shadow-sm">
      <h2 id="preview" className="font-serif text-2xl font-bold text-navy-900">
        Preview
      </h2>
      <p className="mt-1 text-sm text-sand-700">
        {previewing ? "As visitors will see it once saved." : "As visitors see it now. Press Preview to see your changes first."}
      </p>
      {values.title ? (
        <ul className="mt-6 space-y-6">
          <NewsEntry item={{ id: id ?? "preview", ...values }} />
        </ul>
      ) : (
        <p className="mt-4 text-sand-700">Fill in the form to see the card.</p>
      )}
    </section>
  );
}

export default function EditNews({ loaderData, actionData }: Route.ComponentProps) {
  const { id, communities } = loaderData;
  const [params] = useSearchParams();
  const values = actionData && "values" in actionData ? actionData.values : loaderData.values;
  const errors = actionData?.kind === "invalid" ? actionData.errors : {};
  const field = (name: keyof Values & string, label: string) => ({
    name,
    label,
    errors: errors[name],
    defaultValue: String(values[name] ?? ""),
    required: true,
  });
  if (actionData?.kind === "confirm-delete") return <ConfirmDeletion id={id!} title={loaderData.values.title} />;
  return (
    <>
      <BackLink to={href("/admin/news")}>News</BackLink>
      <h1 className="mt-2 font-serif text-3xl font-bold text-navy-900">{id ? "Edit news item" : "Add a news item"}</h1>
      <ActionNotice result={params.get("saved") && !actionData ? changeNotice(params, "Saved") : undefined} />
      {actionData?.kind === "invalid" ? <NotSavedNotice /> : null}
      <div className="mt-6 grid gap-8 lg:grid-cols-[3fr_2fr]">
        <Form method="post" noValidate className="space-y-6 rounded-lg bg-white p-5 shadow-sm">
          <TextField {...field("title", "Title")} />
          <TextField {...field("excerpt", "Excerpt")} multiline rows={4} hint="Two or three sentences: what happened, where, to whom." />
          <TextField {...field("source", "Source")} hint="The publication, for example Reuters or Human Rights Watch." />
          <TextField {...field("publishedDate", "Publication date")} type="date" />
          <TextField {...field("originalUrl", "Address of the original article")} type="url" hint="Starting with https://" />
          <CommunitiesAndStatus communities={communities} values={values} errors={errors} />
          {loaderData.translations ? <MinorChange /> : null}
          <SaveAndPreview />
        </Form>
        <div className="space-y-6">
          <NewsCardPreview id={id} values={values} previewing={actionData?.kind === "preview"} />
          {loaderData.translations ? <Translations languages={loaderData.translations} /> : null}
          {id ? (
            <Form method="post">
              <input type="hidden" name="intent" value="delete" />
              <button type="submit" className="btn-secondary text-red-800">
                Delete this item…
              </button>
            </Form>
          ) : null}
        </div>
      </div>
    </>
  );
}
