import { data, Form, href, Link, redirect, useSearchParams } from "react-router";
import type { Route } from "./+types/site-person";
import { ActionNotice, BackLink, ConflictNotice, NotSavedNotice, PreviewPanel, SaveAndPreview } from "~/components/staff/Controls";
import { FieldError, TextField } from "~/components/forms/fields";
import { ImageField } from "~/components/staff/ImageField";
import { BOARDS } from "~/components/team/boards";
import { historyOf } from "~/content/editors";
import { PORTRAIT_SLOT } from "~/content/page-form";
import { isBoard, personForm, readPersonForm, removePerson, savePerson, type PersonForm } from "~/content/people.server";
import { readEditorForm, settleUploads, slotPreviews, takeUploads, withUploadErrors } from "~/content/uploads.server";
import type { MediaStore } from "~/lib/media.server";
import { teamMemberSchema } from "~/content/schemas";
import { appContext } from "~/context.server";
import { changeNotice, notLiveQuery } from "~/lib/published";
import { notFound } from "~/lib/responses";
import { actorOf, staffUser } from "~/staff/session.server";

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: `${loaderData?.form.name ?? "Person"} · Boards · Staff area` }];

/** The portrait as the form shows it, cut around its focal point. */
const portraitPreview = (media: MediaStore, form: PersonForm) =>
  slotPreviews(media, [PORTRAIT_SLOT], (name) => (name === PORTRAIT_SLOT.name ? form.portrait : form.portraitPosition));

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!isBoard(params.board)) notFound();
  const { contentStore, media } = context.get(appContext);
  const form = await personForm(contentStore, params.board, params.id);
  if (!form) notFound();
  return {
    board: params.board,
    id: params.id,
    form,
    previews: await portraitPreview(media, form),
    titles: teamMemberSchema.shape.title.options,
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  if (!isBoard(params.board)) notFound();
  const { contentStore, database, media } = context.get(appContext);
  const actor = actorOf(staffUser(context));
  const submitted = await readEditorForm(request);
  const target = { board: params.board, id: params.id };
  if (submitted.get("intent") === "remove") {
    const revision = Number(submitted.get("revision")) || 0;
    if (submitted.get("confirm") !== "on")
      return data({ kind: "remove-refused" as const, error: "Tick the box to confirm the removal." }, { status: 400 });
    const removed = await removePerson(contentStore, database.db, actor, target, revision);
    if ("error" in removed) return data({ kind: "remove-refused" as const, error: removed.error }, { status: 409 });
    const name = String(submitted.get("name") ?? "");
    throw redirect(
      `${href("/admin/site/people")}?${new URLSearchParams({ removed: name, path: `team/${target.board}/${target.id}.md`, ...notLiveQuery(removed) })}`,
    );
  }
  const uploads = await takeUploads(submitted, [PORTRAIT_SLOT], media, actor.id);
  const form = readPersonForm(submitted);
  const refused = Object.keys(uploads.errors).length > 0;
  const intent = submitted.get("intent") === "preview" || refused ? "preview" : "save";
  const result = await savePerson(contentStore, database.db, actor, target, form, intent);
  if (result.kind === "saved") {
    await settleUploads(database.db, media, actor, `team/${target.board}/${target.id}.md`, uploads);
    throw redirect(`${href("/admin/site/people/:board/:id", target)}?${new URLSearchParams({ saved: "1", ...notLiveQuery(result) })}`);
  }
  const checked = withUploadErrors(result, uploads);
  const status = checked.kind === "invalid" ? 400 : checked.kind === "conflict" ? 409 : 200;
  return data({ ...checked, form, previews: await portraitPreview(media, form) }, { status });
}

export default function Person({ loaderData, actionData }: Route.ComponentProps) {
  const { board, id, titles } = loaderData;
  const [params] = useSearchParams();
  const edited = actionData && actionData.kind !== "remove-refused" ? actionData : undefined;
  const form = edited ? { ...edited.form, revision: edited.kind === "conflict" ? edited.revision : edited.form.revision } : loaderData.form;
  const errors = edited?.kind === "invalid" ? edited.errors : {};
  const previews = edited?.previews ?? loaderData.previews;
  const boardInfo = BOARDS[board];
  return (
    <>
      <BackLink to={href("/admin/site/people")}>Boards</BackLink>
      <h1 className="mt-2 break-words font-serif text-3xl font-bold text-navy-900">{loaderData.form.name}</h1>
      <p className="mt-1">
        {boardInfo.title} ·{" "}
        <a href={boardInfo.memberPath(id)} className="underline">
          See the page visitors see
        </a>{" "}
        ·{" "}
        <Link to={historyOf(`team/${board}/${id}.md`)} className="underline">
          History
        </Link>
      </p>
      <ActionNotice
        result={
          actionData?.kind === "remove-refused"
            ? { error: actionData.error }
            : !actionData && params.get("saved")
              ? changeNotice(params, "Saved")
              : !actionData && params.get("added")
                ? changeNotice(params, "Added at the end of the board's grid", "Visitors see them now.")
                : undefined
        }
      />
      {actionData?.kind === "invalid" ? <NotSavedNotice reason={errors.form?.join(" ")} /> : null}
      {edited?.kind === "conflict" ? (
        <ConflictNotice
          what="this person"
          changed={edited.changed}
          compare={historyOf(`team/${board}/${id}.md`, { from: edited.from, to: edited.revision })}
        />
      ) : null}
      <div className="mt-6 grid gap-8 lg:grid-cols-[3fr_2fr]">
        <Form
          key={form.revision}
          method="post"
          encType="multipart/form-data"
          noValidate
          className="space-y-6 rounded-lg bg-white p-5 shadow-sm"
        >
          <input type="hidden" name="revision" value={form.revision} />
          <TextField name="name" label="Name" required errors={errors.name} defaultValue={form.name} />
          <div>
            <label htmlFor="title" className="block font-semibold text-navy-900">
              Title
            </label>
            <select
              id="title"
              name="title"
              defaultValue={form.title}
              aria-invalid={errors.title ? true : undefined}
              aria-describedby={errors.title ? "title-error" : undefined}
              className="mt-1 w-full rounded border border-sand-300 p-2"
            >
              {titles.map((t) => (
                <option key={t}>{t}</option>
              ))}
            </select>
            <FieldError name="title" errors={errors.title} />
          </div>
          <TextField
            name="order"
            label="Place in the grid"
            type="number"
            hint="Lower numbers come first. The Move up and Move down buttons on the Boards list change it for you."
            required
            errors={errors.order}
            defaultValue={form.order}
          />
          <TextField
            name="biography"
            label="Biography"
            multiline
            rows={10}
            hint="Markdown: a blank line starts a paragraph, **bold**, *italic*, [a link](https://…)."
            required
            errors={errors.biography}
            defaultValue={form.biography}
          />
          <ImageField
            name={PORTRAIT_SLOT.name}
            label="Portrait"
            value={form.portrait}
            preview={previews[PORTRAIT_SLOT.name]}
            errors={errors[PORTRAIT_SLOT.name]}
            cropped
          />
          <TextField
            name={PORTRAIT_SLOT.focus}
            label="Portrait's focal point"
            hint="Where the portrait is centred when cropped, as “50% 30%” (across, down): the face, usually."
            errors={errors[PORTRAIT_SLOT.focus]}
            defaultValue={form.portraitPosition}
          />
          <label className="flex items-center gap-2">
            <input type="checkbox" name="listed" defaultChecked={form.listed} className="size-5" />
            Shown on the board's grid (officers' records are not)
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" name="placeholder" defaultChecked={form.placeholder} className="size-5" />
            Still a stand-in: list it under “What the site still needs”
          </label>
          <SaveAndPreview />
        </Form>
        {edited?.kind === "preview" ? (
          <PreviewPanel what="The biography">
            <div className="prose mt-4" dangerouslySetInnerHTML={{ __html: edited.bioHtml }} />
          </PreviewPanel>
        ) : null}
      </div>
      <section aria-labelledby="remove-heading" className="mt-10 max-w-2xl rounded-lg border border-red-700 bg-white p-5">
        <h2 id="remove-heading" className="font-serif text-xl font-bold text-navy-900">
          Remove from the site
        </h2>
        <p className="mt-1">
          Their page will answer “not found” and leave the sitemap. Their history keeps every version, so the removal can be undone there.
        </p>
        <Form method="post" className="mt-3 space-y-3">
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="revision" value={loaderData.form.revision} />
          <input type="hidden" name="name" value={loaderData.form.name} />
          <label className="flex items-center gap-2">
            <input type="checkbox" name="confirm" className="size-5" />
            Yes, remove {loaderData.form.name}
          </label>
          <button type="submit" className="btn-secondary text-red-800">
            Remove
          </button>
        </Form>
      </section>
    </>
  );
}
