/**
 * The Site editor: one loader and one action for every document staff edit (the settings, each page and
 * article, the partners, each person), drawn from the document's kind (app/content/document-kinds.server.ts).
 * A photograph refused by its bytes is an error at its field, and the rest of the form is checked too, as a
 * preview: nothing is saved until every field is right.
 */
import { data, href, Link, redirect, useSearchParams } from "react-router";
import type { Route } from "./+types/site-document";
import { ActionNotice, BackLink, ConflictNotice, NotSavedNotice, PreviewPanel } from "~/components/staff/Controls";
import { CardPreview, DocumentForm, RemoveFromSite, SlidesPreview, SourceWarnings } from "~/components/staff/DocumentEditor";
import { kindOf, type DocumentKind } from "~/content/document-kinds.server";
import { formOf, readForm, removeDocument, rowsIn, saveDocument, servedWarnings } from "~/content/editing.server";
import { hasPreview, imageSlotsOf, type EditorValues } from "~/content/editor-shape";
import { editorFor, historyOf, SITE_FILES } from "~/content/editors";
import { translationsOf } from "~/content/translating.server";
import { isTranslatable } from "~/content/translations.server";
import { Translations } from "~/components/staff/Translations";
import { readEditorForm, settleUploads, slotPreviews, takeUploads, withUploadErrors } from "~/content/uploads.server";
import { appContext } from "~/context.server";
import type { MediaStore } from "~/lib/media.server";
import { changeNotice, notLiveQuery } from "~/lib/published";
import { notFound } from "~/lib/responses";
import type { FieldErrors } from "~/lib/validation";
import { actorOf, staffUser } from "~/staff/session.server";

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: `${loaderData?.title ?? "Editor"} · Site · Staff area` }];

type Params = Route.LoaderArgs["params"] & { document?: string; kind?: string; slug?: string; board?: string; id?: string };

/** The document this editor's address names; 404 for an address that names none. */
function documentAt(params: Params): { path: string; kind: DocumentKind; slug: string } {
  const path = params.board
    ? `team/${params.board}/${params.id}.md`
    : params.kind
      ? `${params.kind}/${params.slug}.md`
      : (Object.hasOwn(SITE_FILES, params.document ?? "") && SITE_FILES[params.document!]) || "";
  const found = kindOf(path);
  if (!found) notFound();
  return { path, ...found };
}

/** Where the editor's "back" leads: the list the document belongs to. */
const backTo = (kind: DocumentKind) =>
  kind.name === "person"
    ? { to: href("/admin/site/people"), label: "Boards" }
    : kind.name === "settings"
      ? { to: href("/admin/site"), label: "Site" }
      : { to: href("/admin/site/pages"), label: "Pages" };

/** The photographs the form shows now, by their fields' names, each cut as its place cuts it. */
function previewsOf(media: MediaStore, kind: DocumentKind, form: EditorValues) {
  const slots = imageSlotsOf(kind.shape, (list) => form.lists[list]?.length ?? 0);
  return slotPreviews(media, slots, (name) => {
    const row = /^(.+)\.(\d+)\.([^.]+)$/.exec(name);
    const inList = row && form.lists[row[1]!];
    return (inList ? inList[Number(row[2])]?.[row[3]!] : form.values[name]) ?? "";
  });
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { path, kind, slug } = documentAt(params);
  const { contentStore, translationStore, media, content } = context.get(appContext);
  const stored = await contentStore.get(path);
  const title = kind.title(content, slug);
  if (!stored || !title) notFound();
  const form = formOf(path, stored);
  return {
    path,
    kind: kind.name,
    title,
    visitorPath: kind.visitorPath(slug),
    back: backTo(kind),
    called: kind.called,
    shape: kind.shape,
    preview: hasPreview(kind.shape) ? (kind.previewCalled ?? "The text") : null,
    removable: Boolean(kind.removable),
    form,
    previews: await previewsOf(media, kind, form),
    warnings: servedWarnings(contentStore, path),
    translations: isTranslatable(path) ? await translationsOf(translationStore, path) : null,
    // The drawn card, shown in the settings' preview while none is uploaded.
    drawnCard: kind.name === "settings" ? content.pictures.socialImageUrl("", "social/default") : null,
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const { path, kind, slug } = documentAt(params);
  const { contentStore, database, media, content } = context.get(appContext);
  const actor = actorOf(staffUser(context));
  const submitted = await readEditorForm(request);
  const button = String(submitted.get("intent") ?? "save");
  if (button === "remove" && kind.removable) {
    if (submitted.get("confirm") !== "on")
      return data({ kind: "remove-refused" as const, error: "Tick the box to confirm the removal." }, { status: 400 });
    const removed = await removeDocument(contentStore, database.db, actor, path, Number(submitted.get("revision")) || 0);
    if ("error" in removed) return data({ kind: "remove-refused" as const, error: removed.error }, { status: 409 });
    const name = kind.title(content, slug) ?? path;
    throw redirect(`${backTo(kind).to}?${new URLSearchParams({ removed: name, path, ...notLiveQuery(removed) })}`);
  }
  const uploads = await takeUploads(submitted, imageSlotsOf(kind.shape, rowsIn(submitted)), media, actor.id);
  const form = readForm(path, submitted);
  const intent = button === "preview" ? "preview" : button.startsWith("move:") ? "edit" : "save";
  // A refused photograph: everything else is checked too, and nothing saved.
  const refused = Object.keys(uploads.errors).length > 0;
  const result = await saveDocument(
    contentStore,
    database.db,
    actor,
    path,
    form,
    refused && intent === "save" ? "preview" : intent,
    submitted.get("minor") === "on",
  );
  if (result.kind === "saved") {
    await settleUploads(database.db, media, actor, path, uploads);
    throw redirect(`${editorFor(path)}?${new URLSearchParams({ saved: "1", ...notLiveQuery(result) })}`);
  }
  const checked = withUploadErrors(result, uploads);
  const status = checked.kind === "invalid" ? 400 : checked.kind === "conflict" ? 409 : 200;
  // A new key each time, so the form is drawn afresh with the rows as they now stand.
  return data({ ...checked, form, previews: await previewsOf(media, kind, form), key: crypto.randomUUID() }, { status });
}

/** What the last save, move or removal came to, above the form. */
function Notices({ actionData, path, what }: { actionData: Route.ComponentProps["actionData"]; path: string; what: string }) {
  const [params] = useSearchParams();
  if (!actionData) {
    if (params.get("saved")) return <ActionNotice result={changeNotice(params, "Saved")} />;
    if (params.get("added"))
      return <ActionNotice result={changeNotice(params, "Added at the end of the board's grid", "Visitors see them now.")} />;
    return null;
  }
  switch (actionData.kind) {
    case "remove-refused":
      return <ActionNotice result={{ error: actionData.error }} />;
    case "edited":
      return <ActionNotice result={{ message: "Moved. Nothing is saved until you press Save." }} />;
    case "invalid":
      return <NotSavedNotice reason={(actionData.errors as FieldErrors).form?.join(" ")} />;
    case "conflict":
      return (
        <ConflictNotice
          what={what}
          changed={actionData.changed}
          compare={historyOf(path, { from: actionData.from, to: actionData.revision })}
        />
      );
    default:
      return null;
  }
}

export default function SiteDocument({ loaderData, actionData }: Route.ComponentProps) {
  const { path, kind, title, visitorPath, back, shape } = loaderData;
  const answered = actionData && actionData.kind !== "remove-refused" ? actionData : undefined;
  // After a refused save the form keeps what was typed; a conflict moves it onto the stored revision.
  const form = answered
    ? { ...answered.form, revision: answered.kind === "conflict" ? answered.revision : answered.form.revision }
    : loaderData.form;
  const errors: FieldErrors = answered?.kind === "invalid" ? answered.errors : {};
  const previews = answered?.previews ?? loaderData.previews;
  const preview = answered?.kind === "preview" ? answered.preview : null;
  return (
    <>
      <BackLink to={back.to}>{back.label}</BackLink>
      <h1 className="mt-2 break-words font-serif text-3xl font-bold text-navy-900">{title}</h1>
      <p className="mt-1 flex flex-wrap gap-x-4">
        {visitorPath ? (
          <a href={visitorPath} className="underline">
            See the page visitors see
          </a>
        ) : null}
        <Link to={historyOf(path)} className="underline">
          History
        </Link>
      </p>
      <Notices actionData={actionData} path={path} what={loaderData.called} />
      <SourceWarnings warnings={preview?.warnings ?? loaderData.warnings} />
      {preview && loaderData.preview ? (
        <PreviewPanel what={loaderData.preview} className="mt-6 max-w-3xl">
          {preview.sections.map((s) => (
            <div key={s.heading} className="mt-6">
              <h3 className="font-serif text-2xl font-bold text-navy-900">{s.heading}</h3>
              <div className="prose-content mt-4" dangerouslySetInnerHTML={{ __html: s.html }} />
            </div>
          ))}
          {kind === "home" ? <SlidesPreview slides={form.lists.slides ?? []} previews={previews} /> : null}
          {kind === "settings" && loaderData.drawnCard ? (
            <CardPreview form={form} card={previews["socialImage.upload"]} drawn={loaderData.drawnCard} />
          ) : null}
        </PreviewPanel>
      ) : null}
      <DocumentForm
        shape={shape}
        form={form}
        errors={errors}
        previews={previews}
        preview={Boolean(loaderData.preview)}
        drawKey={answered && "key" in answered ? answered.key : form.revision}
        minorChange={Boolean(loaderData.translations)}
      />
      {loaderData.translations ? <Translations languages={loaderData.translations} /> : null}
      {loaderData.removable ? <RemoveFromSite name={loaderData.title} revision={loaderData.form.revision} /> : null}
    </>
  );
}
