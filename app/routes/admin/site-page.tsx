import { data, Form, href, Link, redirect, useSearchParams } from "react-router";
import type { Route } from "./+types/site-page";
import { ActionNotice, BackLink, ConflictNotice, NotSavedNotice, PreviewPanel, SaveAndPreview } from "~/components/staff/Controls";
import { FieldError, TextField } from "~/components/forms/fields";
import { ImageField, type ImagePreview } from "~/components/staff/ImageField";
import type { LegalPage } from "~/content/content.server";
import type { SiteContent } from "~/content/collections.server";
import { editorFor, historyOf } from "~/content/editors";
import {
  formKindOf,
  hasPreview,
  imageSlotsOf,
  isPageKind,
  PAGE_FORMS,
  PARTNERS_PATH,
  type FormKind,
  type PageField,
  type PageList,
} from "~/content/page-form";
import { pageForm, readPageForm, savePage, storedPageWarnings, type PageForm } from "~/content/pages.server";
import { readEditorForm, settleUploads, slotPreviews, takeUploads, withUploadErrors } from "~/content/uploads.server";
import type { MediaStore } from "~/lib/media.server";
import { appContext } from "~/context.server";
import { changeNotice, notLiveQuery } from "~/lib/published";
import { notFound } from "~/lib/responses";
import type { FieldErrors } from "~/lib/validation";
import { actorOf, staffUser } from "~/staff/session.server";

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: `${loaderData?.title ?? "Page"} · Site · Staff area` }];

/** The document this editor's address names: /admin/site/pages/:kind/:slug, or the partners at /admin/site/partners. */
function documentOf(params: Route.LoaderArgs["params"]): { path: string; kind: FormKind } {
  const path = params.kind ? (isPageKind(params.kind) ? `${params.kind}/${params.slug}.md` : "") : PARTNERS_PATH;
  const kind = formKindOf(path);
  if (!kind) notFound();
  return { path, kind };
}

/** The document's title and its address on the site. */
function describe(content: SiteContent, path: string, kind: FormKind) {
  const slug = path.slice(path.indexOf("/") + 1, -".md".length);
  switch (kind) {
    case "communities":
      return { title: content.communities.find((c) => c.slug === slug)?.name, visitorPath: `/communities/${slug}` };
    case "ideology":
      return { title: content.ideology.find((a) => a.section === slug)?.title, visitorPath: `/ideology/${slug}` };
    case "home":
      return { title: "Home page", visitorPath: "/" };
    case "about":
      return { title: "About page", visitorPath: "/about" };
    case "legal":
      return { title: content.legal[slug as LegalPage].title, visitorPath: `/${slug}` };
    case "partners":
      return { title: "Partners", visitorPath: "/partners" };
  }
}

/** The photographs the form shows now, by their fields' names. */
function previewsOf(media: MediaStore, kind: FormKind, form: PageForm) {
  const slots = imageSlotsOf(kind, (list) => form.lists[list]?.length ?? 0);
  return slotPreviews(media, slots, (name) => {
    const [list, row, field] = name.split(".");
    const inList = PAGE_FORMS[kind].lists.some((l) => l.name === list);
    return (inList ? form.lists[list!]?.[Number(row)]?.[field!] : form.values[name]) ?? "";
  });
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { content } = context.get(appContext);
  const { path, kind } = documentOf(params);
  const { contentStore, media } = context.get(appContext);
  const stored = await contentStore.get(path);
  const { title, visitorPath } = describe(content, path, kind);
  if (!stored || !title) notFound();
  const form = pageForm(path, stored);
  return {
    path,
    kind,
    title,
    visitorPath,
    form,
    previews: await previewsOf(media, kind, form),
    warnings: await storedPageWarnings(contentStore, path),
  };
}

/** How many rows of a list the submitted form has (its fields are named `<list>.<row>.<field>`). */
const rowsIn = (submitted: FormData) => (list: string) =>
  Math.max(0, ...[...submitted.keys()].map((key) => Number(new RegExp(`^${list}\\.(\\d+)\\.`).exec(key)?.[1] ?? -1) + 1));

export async function action({ params, request, context }: Route.ActionArgs) {
  const { path, kind } = documentOf(params);
  const { contentStore, database, media } = context.get(appContext);
  const actor = actorOf(staffUser(context));
  const submitted = await readEditorForm(request);
  const uploads = await takeUploads(submitted, imageSlotsOf(kind, rowsIn(submitted)), media, actor.id);
  const form = readPageForm(path, submitted);
  const button = String(submitted.get("intent") ?? "save");
  const intent = button === "preview" ? "preview" : button.startsWith("move:") ? "edit" : "save";
  const refused = Object.keys(uploads.errors).length > 0;
  const result = await savePage(contentStore, database.db, actor, path, form, refused ? "preview" : intent);
  if (result.kind === "saved") {
    await settleUploads(database.db, media, actor, path, uploads);
    throw redirect(`${editorFor(path)}?${new URLSearchParams({ saved: "1", ...notLiveQuery(result) })}`);
  }
  const checked = withUploadErrors(result, uploads);
  const status = checked.kind === "invalid" ? 400 : checked.kind === "conflict" ? 409 : 200;
  // A new key each time, so the form is drawn afresh with the rows as they now stand.
  return data({ ...checked, form, previews: await previewsOf(media, kind, form), key: crypto.randomUUID() }, { status });
}

function Field({
  field,
  name,
  value,
  errors,
  preview,
}: {
  field: PageField;
  name: string;
  value: string;
  errors?: string[];
  preview?: ImagePreview;
}) {
  if (field.type === "image")
    return <ImageField name={name} label={field.label} value={value} preview={preview} errors={errors} cropped={Boolean(field.focus)} />;
  if (field.type === "checkbox")
    return (
      <label className="flex items-center gap-2">
        <input type="checkbox" name={name} defaultChecked={value === "on"} className="size-5" />
        {field.label}
      </label>
    );
  if (field.type === "select")
    return (
      <div>
        <label htmlFor={name} className="block font-semibold text-navy-900">
          {field.label}
        </label>
        <select id={name} name={name} defaultValue={value} className="mt-1 w-full rounded border border-sand-300 p-2">
          {field.options?.map((o) => (
            <option key={o}>{o}</option>
          ))}
        </select>
        <FieldError name={name} errors={errors} />
      </div>
    );
  return (
    <TextField
      name={name}
      label={field.label}
      hint={field.hint}
      type={field.type === "textarea" ? undefined : field.type}
      multiline={field.type === "textarea"}
      rows={3}
      errors={errors}
      defaultValue={value}
    />
  );
}

/** A list's rows, each removable and movable, and a blank row to add one: plain form controls, no script. */
function ListRows({
  list,
  rows,
  errors,
  previews,
}: {
  list: PageList;
  rows: Record<string, string>[];
  errors: FieldErrors;
  previews: Record<string, ImagePreview>;
}) {
  const blank = Object.fromEntries(list.fields.map((f) => [f.name, f.options?.[0] ?? ""]));
  const shown = list.fixed ? rows : [...rows, blank];
  return (
    <fieldset className="space-y-4 rounded-lg bg-white p-5 shadow-sm">
      <legend className="font-serif text-xl font-bold text-navy-900">{list.legend}</legend>
      {shown.map((row, i) => {
        const isNew = i === rows.length;
        const label = isNew ? `New ${list.item}` : `${list.item[0]!.toUpperCase()}${list.item.slice(1)} ${i + 1}`;
        return (
          <fieldset key={i} className="space-y-3 rounded border border-sand-300 p-4">
            <legend className="px-1 font-semibold text-navy-900">{label}</legend>
            {isNew ? <p className="text-sm text-sand-700">Fill this in to add one; save or preview to get another blank row.</p> : null}
            {list.id && row[list.id] ? <input type="hidden" name={`${list.name}.${i}.${list.id}`} value={row[list.id]} /> : null}
            {list.fields.map((field) => {
              const name = `${list.name}.${i}.${field.name}`;
              return (
                <Field key={name} field={field} name={name} value={row[field.name] ?? ""} errors={errors[name]} preview={previews[name]} />
              );
            })}
            {isNew ? null : (
              <div className="flex flex-wrap items-center gap-3">
                {list.fixed ? null : (
                  <label className="flex items-center gap-2">
                    <input type="checkbox" name={`${list.name}.${i}.remove`} className="size-5" />
                    Remove when saved
                  </label>
                )}
                {i > 0 ? (
                  <button type="submit" name="intent" value={`move:${list.name}:${i}:up`} className="btn-secondary text-navy-900">
                    Move up<span className="sr-only">: {label}</span>
                  </button>
                ) : null}
                {i < rows.length - 1 ? (
                  <button type="submit" name="intent" value={`move:${list.name}:${i}:down`} className="btn-secondary text-navy-900">
                    Move down<span className="sr-only">: {label}</span>
                  </button>
                ) : null}
              </div>
            )}
          </fieldset>
        );
      })}
    </fieldset>
  );
}

/** The home page's slides as the carousel will show them: each photograph cut to the slide's frame, with its caption and its description. */
function SlidesPreview({ slides, previews }: { slides: Record<string, string>[]; previews: Record<string, ImagePreview> }) {
  return (
    <ol className="mt-4 grid gap-4 sm:grid-cols-2">
      {slides.map((slide, i) => {
        const image = slide.upload ? previews[`slides.${i}.upload`] : undefined;
        const decorative = slide.decorative === "on";
        return (
          <li key={i}>
            <figure>
              {image ? (
                <img
                  src={image.src}
                  width={image.width}
                  height={image.height}
                  alt={decorative ? "" : slide.alt}
                  className="h-auto w-full rounded border border-sand-300"
                />
              ) : (
                <p className="flex aspect-video items-center justify-center rounded border border-dashed border-sand-700 p-4 text-center text-sm">
                  No photograph uploaded: the drawn stand-in shows.
                </p>
              )}
              <figcaption className="mt-1 text-sm">
                <strong>
                  Slide {i + 1}: {slide.caption}
                </strong>
                <br />
                {decorative ? "Decorative: screen readers skip it." : slide.alt ? `Screen readers say: “${slide.alt}”` : "No description."}
              </figcaption>
            </figure>
          </li>
        );
      })}
    </ol>
  );
}

export default function PageEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { path, kind, title, visitorPath } = loaderData;
  const [params] = useSearchParams();
  const form = actionData
    ? { ...actionData.form, revision: actionData.kind === "conflict" ? actionData.revision : actionData.form.revision }
    : loaderData.form;
  const errors: FieldErrors = actionData?.kind === "invalid" ? actionData.errors : {};
  const previews = actionData?.previews ?? loaderData.previews;
  const shape = PAGE_FORMS[kind];
  const warnings = actionData?.kind === "preview" ? actionData.preview.warnings : loaderData.warnings;
  return (
    <>
      <BackLink to={href("/admin/site/pages")}>Pages</BackLink>
      <h1 className="mt-2 break-words font-serif text-3xl font-bold text-navy-900">{title}</h1>
      <p className="mt-1 flex flex-wrap gap-x-4">
        <a href={visitorPath} className="underline">
          See the page visitors see
        </a>
        <Link to={historyOf(path)} className="underline">
          History
        </Link>
      </p>
      <ActionNotice result={params.get("saved") && !actionData ? changeNotice(params, "Saved") : undefined} />
      {actionData?.kind === "edited" ? <ActionNotice result={{ message: "Moved. Nothing is saved until you press Save." }} /> : null}
      {actionData?.kind === "invalid" ? <NotSavedNotice reason={errors.form?.join(" ")} /> : null}
      {actionData?.kind === "conflict" ? (
        <ConflictNotice
          what="this page"
          changed={actionData.changed}
          compare={historyOf(path, { from: actionData.from, to: actionData.revision })}
        />
      ) : null}
      {warnings.length ? (
        <section aria-labelledby="warnings-heading" className="mt-4 max-w-3xl rounded-md border border-amber-700 bg-amber-50 p-4">
          <h2 id="warnings-heading" className="font-semibold text-navy-900">
            Check these sources
          </h2>
          <ul className="mt-2 list-disc space-y-1 ps-6 text-sm">
            {warnings.map((w) => (
              <li key={w} className="break-words">
                {w}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {actionData?.kind === "preview" ? (
        <PreviewPanel what={shape.body ? "The text" : "The slides"} className="mt-6 max-w-3xl">
          {actionData.preview.sections.map((s) => (
            <div key={s.heading} className="mt-6">
              <h3 className="font-serif text-2xl font-bold text-navy-900">{s.heading}</h3>
              <div className="prose-content mt-4" dangerouslySetInnerHTML={{ __html: s.html }} />
            </div>
          ))}
          {kind === "home" ? <SlidesPreview slides={form.lists.slides ?? []} previews={previews} /> : null}
        </PreviewPanel>
      ) : null}
      {/* Drawn afresh after each answer, and after a save (a new revision): no file is left to send twice. */}
      <Form
        key={actionData?.key ?? form.revision}
        method="post"
        encType="multipart/form-data"
        noValidate
        className="mt-6 max-w-3xl space-y-6"
      >
        <input type="hidden" name="revision" value={form.revision} />
        {/* First, so Enter in a field saves rather than moving a row. */}
        <SaveAndPreview preview={hasPreview(shape)} />
        {shape.groups.map((group) => (
          <fieldset key={group.legend} className="space-y-4 rounded-lg bg-white p-5 shadow-sm">
            <legend className="font-serif text-xl font-bold text-navy-900">{group.legend}</legend>
            {group.fields.map((field) => (
              <Field
                key={field.name}
                field={field}
                name={field.name}
                value={form.values[field.name] ?? ""}
                errors={errors[field.name]}
                preview={previews[field.name]}
              />
            ))}
          </fieldset>
        ))}
        {shape.body ? (
          <div className="rounded-lg bg-white p-5 shadow-sm">
            <TextField
              name="body"
              label={shape.body.label}
              multiline
              rows={24}
              hint={shape.body.hint}
              required
              errors={errors.body}
              defaultValue={form.body}
            />
          </div>
        ) : null}
        {shape.lists.map((list) => (
          <ListRows key={list.name} list={list} rows={form.lists[list.name] ?? []} errors={errors} previews={previews} />
        ))}
        <SaveAndPreview preview={hasPreview(shape)} />
      </Form>
    </>
  );
}
