/**
 * A document's translation into one language (issue 34): each of its words beside the English, typed in the
 * language's direction; a draft until someone publishes it. What is not words (photographs, links, order)
 * is the English's, so it is not here.
 */
import { data, Form, Link, redirect, useSearchParams } from "react-router";
import type { Route } from "./+types/site-translation";
import { ActionNotice, BackLink, NotSavedNotice } from "~/components/staff/Controls";
import { Notice } from "~/components/staff/StaffShell";
import { FieldError } from "~/components/forms/fields";
import type { EditorField } from "~/content/editor-shape";
import { historyOf, translationEditorFor } from "~/content/editors";
import { isContentDocument } from "~/content/store.server";
import { saveTranslation, withdrawTranslation } from "~/content/translating.server";
import { translationSubject } from "~/content/translation-subjects.server";
import {
  EMPTY_TRANSLATION,
  parseTranslation,
  readTranslationForm,
  translationForm,
  type TranslationText,
} from "~/content/translations.server";
import { appContext } from "~/context.server";
import { isLanguageCode, languageOf, localPath, SOURCE_LANGUAGE, type LanguageCode } from "~/i18n/languages";
import { changeNotice, notLiveQuery } from "~/lib/published";
import { notFound } from "~/lib/responses";
import type { FieldErrors } from "~/lib/validation";
import { actorOf, staffUser } from "~/staff/session.server";

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: `${loaderData ? `${loaderData.title}, ${loaderData.language.englishName}` : "Translation"} · Site · Staff area` },
];

/** The language this address names, and what of the site its `path` names; 404 for any other. */
async function translationAt(params: { language?: string }, request: Request, context: Route.LoaderArgs["context"]) {
  const path = new URL(request.url).searchParams.get("path") ?? "";
  const code = params.language ?? "";
  if (!isLanguageCode(code) || code === SOURCE_LANGUAGE) notFound();
  const { content, contentStore, news } = context.get(appContext);
  const subject = (await translationSubject({ content, contentStore, news }, path)) ?? notFound();
  return { language: code as LanguageCode, subject };
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { language, subject } = await translationAt(params, request, context);
  const { path, english, parts } = subject;
  const state = await context.get(appContext).translationStore.state(path, language);
  const text = state.draft ? parseTranslation(state.draft.source) : EMPTY_TRANSLATION;
  const { code, name, englishName, dir } = languageOf(language);
  return {
    path,
    title: subject.title,
    language: { code, name, englishName, dir },
    editor: subject.editor,
    visitorPath: subject.visitorPath ? localPath(language, subject.visitorPath) : null,
    parts,
    groups: subject.groups,
    bodyHint: subject.bodyHint,
    english,
    form: translationForm(parts, english, text),
    revision: state.draft?.revision ?? 0,
    state: {
      begun: Boolean(state.draft),
      published: state.publishedRevision !== null,
      draftSincePublished: Boolean(state.draft) && state.draft!.revision !== state.publishedRevision,
      reviewedAt: state.reviewedAt?.toISOString().slice(0, 10) ?? null,
      outdated: state.outdated,
      publishedOutdated: state.publishedOutdated,
      // A news item's English history is not shown in the Site section (its translations' are): its English
      // changes are in the audit log.
      englishChanges:
        state.fromRevision !== null && isContentDocument(path)
          ? historyOf(path, { from: state.fromRevision, to: state.englishRevision })
          : null,
    },
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const { language, subject } = await translationAt(params, request, context);
  const { translationStore, database } = context.get(appContext);
  const actor = actorOf(staffUser(context));
  const submitted = await request.formData();
  const intent = String(submitted.get("intent") ?? "save");
  const back = translationEditorFor(subject.path, language);
  if (intent === "withdraw") {
    const done = await withdrawTranslation(translationStore, database.db, actor, subject.path, language);
    throw redirect(`${back}&${new URLSearchParams({ withdrawn: "1", ...notLiveQuery(done) })}`);
  }
  const text = readTranslationForm(subject.parts, subject.english, submitted);
  const result = await saveTranslation(translationStore, database.db, actor, subject, {
    language,
    revision: Number(submitted.get("revision")) || 0,
    text,
    matchesEnglish: submitted.get("matchesEnglish") === "on",
    publish: intent === "publish",
  });
  if (result.kind === "saved")
    throw redirect(`${back}&${new URLSearchParams({ [result.published ? "published" : "saved"]: "1", ...notLiveQuery(result) })}`);
  // After a conflict the form moves onto the stored revision, so saving again keeps what was typed.
  const revision =
    result.kind === "conflict"
      ? ((await translationStore.state(subject.path, language)).draft?.revision ?? 0)
      : Number(submitted.get("revision")) || 0;
  return data({ ...result, text, revision, key: crypto.randomUUID() }, { status: result.kind === "invalid" ? 400 : 409 });
}

type Loaded = Route.ComponentProps["loaderData"];

/** One field: the English as it is now, and the field for its translation, in the language's direction. */
function TranslatedField({
  field,
  name,
  english,
  value,
  language,
  errors,
}: {
  field: Pick<EditorField, "label" | "type">;
  name: string;
  english: string;
  value: string;
  language: Loaded["language"];
  errors?: string[];
}) {
  const multiline = field.type === "textarea";
  const common = {
    id: name,
    name,
    defaultValue: value,
    lang: language.code,
    dir: language.dir,
    "aria-invalid": errors?.length ? true : undefined,
    "aria-describedby": [`${name}-english`, errors?.length ? `${name}-error` : ""].filter(Boolean).join(" "),
    className: "mt-1 w-full rounded border border-sand-300 p-2",
  };
  return (
    <div className="grid gap-2 md:grid-cols-2 md:gap-4">
      <div>
        <p className="font-semibold text-navy-900">{field.label} (English)</p>
        <p id={`${name}-english`} lang="en" dir="ltr" className="mt-1 whitespace-pre-wrap rounded bg-sand-50 p-2 text-sm">
          {english || "(empty)"}
        </p>
      </div>
      <div>
        <label htmlFor={name} className="block font-semibold text-navy-900">
          {field.label} ({language.englishName})
        </label>
        {multiline ? <textarea {...common} rows={4} /> : <input {...common} type="text" />}
        <FieldError name={name} errors={errors} />
      </div>
    </div>
  );
}

function Status({ state, language }: Pick<Loaded, "state" | "language">) {
  const { begun, published, draftSincePublished, reviewedAt, outdated, englishChanges } = state;
  return (
    <div className="mt-4 max-w-3xl space-y-2">
      <p>
        {!begun
          ? `Not translated yet: visitors reading ${language.englishName} see the English.`
          : published
            ? `Published, reviewed on ${reviewedAt}.${draftSincePublished ? " A draft saved since is not published yet." : ""}`
            : "A draft: visitors do not see it until it is published."}
      </p>
      {outdated ? (
        <Notice kind="error">
          Outdated: the English has changed since this translation was made.{" "}
          {englishChanges ? (
            <Link to={englishChanges} className="underline">
              See what changed in the English
            </Link>
          ) : null}
          , bring the translation up to date, then tick “matches today's English” and save.
        </Notice>
      ) : null}
    </div>
  );
}

export default function SiteTranslation({ loaderData, actionData }: Route.ComponentProps) {
  const { path, title, language, english, parts, groups, state } = loaderData;
  const [params] = useSearchParams();
  const form: TranslationText = actionData?.text ?? loaderData.form;
  const errors: FieldErrors = actionData?.kind === "invalid" ? actionData.errors : {};
  const notice = params.get("published")
    ? changeNotice(params, "Published")
    : params.get("saved")
      ? { message: "Saved as a draft. Visitors see it once it is published." }
      : params.get("withdrawn")
        ? changeNotice(params, "Taken off the site", "Visitors read the English again.")
        : undefined;
  // A field the English leaves empty has nothing to translate (a subtitle the page does not show).
  const fieldsIn = (names: string[]) =>
    parts.fields.filter((f) => names.includes(f.name) && (english.values[f.name] || form.values[f.name]));
  return (
    <>
      <BackLink to={loaderData.editor}>{title} (English)</BackLink>
      <h1 className="mt-2 break-words font-serif text-3xl font-bold text-navy-900">
        {title}: {language.englishName} translation{" "}
        <span lang={language.code} dir={language.dir}>
          ({language.name})
        </span>
      </h1>
      <p className="mt-1 flex flex-wrap gap-x-4">
        {loaderData.visitorPath && state.published ? (
          <a href={loaderData.visitorPath} className="underline">
            See the page visitors see
          </a>
        ) : null}
        {state.begun ? (
          <Link to={historyOf(path, undefined, language.code)} className="underline">
            History of this translation
          </Link>
        ) : null}
      </p>
      <ActionNotice result={notice} />
      {actionData?.kind === "invalid" ? <NotSavedNotice reason={errors.form?.join(" ")} /> : null}
      {actionData?.kind === "conflict" ? (
        <div className="mt-4 max-w-3xl">
          <Notice kind="error">
            Not saved: someone else saved this translation while you were editing. Your text is still in the form: open this page in another
            tab to see theirs, then save again here to keep yours.
          </Notice>
        </div>
      ) : null}
      <Status state={state} language={language} />
      <Form key={actionData?.key ?? loaderData.revision} method="post" className="mt-6 max-w-5xl space-y-6">
        <input type="hidden" name="revision" value={actionData?.revision ?? loaderData.revision} />
        <p className="text-sm text-sand-700">A field left empty shows the English. Photographs, links and order are the English page's.</p>
        {groups.map((group) =>
          fieldsIn(group.names).length ? (
            <fieldset key={group.legend} className="space-y-4 rounded-lg bg-white p-5 shadow-sm">
              <legend className="font-serif text-xl font-bold text-navy-900">{group.legend}</legend>
              {fieldsIn(group.names).map((field) => (
                <TranslatedField
                  key={field.name}
                  field={field}
                  name={field.name}
                  english={english.values[field.name] ?? ""}
                  value={form.values[field.name] ?? ""}
                  language={language}
                  errors={errors[field.name]}
                />
              ))}
            </fieldset>
          ) : null,
        )}
        {parts.body ? (
          <div className="rounded-lg bg-white p-5 shadow-sm">
            {loaderData.bodyHint ? <p className="mb-3 text-sm text-sand-700">{loaderData.bodyHint}</p> : null}
            <TranslatedField
              field={{ label: "Text of the page", type: "textarea" }}
              name="body"
              english={english.body}
              value={form.body}
              language={language}
              errors={errors.body}
            />
          </div>
        ) : null}
        {parts.lists.map((list) => (
          <fieldset key={list.name} className="space-y-4 rounded-lg bg-white p-5 shadow-sm">
            <legend className="font-serif text-xl font-bold text-navy-900">{list.legend}</legend>
            {(english.lists[list.name] ?? []).map((row, i) => (
              <fieldset key={i} className="space-y-3 rounded border border-sand-300 p-4">
                <legend className="px-1 font-semibold text-navy-900">
                  {list.item[0]!.toUpperCase()}
                  {list.item.slice(1)} {i + 1}
                </legend>
                {list.fields.map((field) => {
                  const name = `${list.name}.${i}.${field.name}`;
                  return (
                    <TranslatedField
                      key={name}
                      field={field}
                      name={name}
                      english={row[field.name] ?? ""}
                      value={form.lists[list.name]?.[i]?.[field.name] ?? ""}
                      language={language}
                      errors={errors[name]}
                    />
                  );
                })}
              </fieldset>
            ))}
          </fieldset>
        ))}
        {state.begun ? (
          <label className="flex items-start gap-2">
            <input type="checkbox" name="matchesEnglish" className="mt-1 size-5" />
            <span>This translation matches today's English{state.outdated ? " (it is marked outdated until you confirm this)" : ""}.</span>
          </label>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <button type="submit" name="intent" value="save" className="btn-secondary text-navy-900">
            Save draft
          </button>
          <button type="submit" name="intent" value="publish" className="btn-primary">
            Save and publish
          </button>
        </div>
        <p className="text-sm text-sand-700">
          Publishing records you as its reviewer: publish once a second person has read it, where you can.
        </p>
      </Form>
      {state.published ? (
        <Form method="post" className="mt-8 max-w-3xl rounded-lg border border-sand-300 bg-white p-5">
          <h2 className="font-serif text-xl font-bold text-navy-900">Take it off the site</h2>
          <p className="mt-1">Visitors then read this page in English; the translation and its history stay here.</p>
          <button type="submit" name="intent" value="withdraw" className="btn-secondary mt-3 text-red-800">
            Take the {language.englishName} translation off the site
          </button>
        </Form>
      ) : null}
    </>
  );
}
