import { data, Form, redirect, useSearchParams } from "react-router";
import type { Route } from "./+types/site-history";
import { ActionNotice, BackLink, StaffTable } from "~/components/staff/Controls";
import { DateCell } from "~/components/staff/InboxParts";
import { editorFor, historyOf, translationEditorFor } from "~/content/editors";
import { isLanguageCode, languageOf, SOURCE_LANGUAGE } from "~/i18n/languages";
import { documentHistory, hasHistory, lineDiff, restoreRevision, translationReview } from "~/content/history.server";
import { restoreTranslation } from "~/content/translating.server";
import { translationSubject } from "~/content/translation-subjects.server";
import { eraseImage, imagesOnlyInHistory } from "~/content/uploads.server";
import { appContext } from "~/context.server";
import { changeNotice, notLiveQuery } from "~/lib/published";
import { notFound } from "~/lib/responses";
import { actorOf, staffUser } from "~/staff/session.server";

export const meta = () => [{ title: "History · Site · Staff area" }];

const numberParam = (params: URLSearchParams, name: string) => Number(params.get(name)) || 0;

/** The document or news item at `path` in `language` (a translation's history: its own revisions); 404 for what has no history here. */
function historyAt(path: string, language: string) {
  if (!isLanguageCode(language) || !hasHistory(path, language)) notFound();
  return language === SOURCE_LANGUAGE ? null : language;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const path = params.get("path") ?? "";
  const language = params.get("language") ?? SOURCE_LANGUAGE;
  const translation = historyAt(path, language);
  const { content, contentStore, database, media, news, translationStore } = context.get(appContext);
  const { summaries, sources } = await documentHistory(contentStore, database.db, path, language);
  if (!summaries.length) notFound();
  // What a translation is of (gone with its English page, when the page was removed), and who published it.
  const subject = translation ? await translationSubject({ content, contentStore, news }, path) : null;
  const latest = summaries[0]!.revision;
  const removed = summaries[0]!.deleted;
  // By default the latest change: the newest revision against the one before it; for a removed document,
  // its last text, ready to restore.
  const before = Math.max(1, latest - 1);
  const to = sources.has(numberParam(params, "to")) ? numberParam(params, "to") : removed ? before : latest;
  const from = sources.has(numberParam(params, "from")) ? numberParam(params, "from") : removed ? latest : Math.max(1, to - 1);
  return {
    path,
    translation: translation
      ? {
          code: translation,
          name: languageOf(translation).englishName,
          of: subject?.title ?? null,
          review: await translationReview(translationStore, database.db, path, translation),
        }
      : null,
    /** A translation is restored as a draft, checked against its English; without its English, not at all. */
    restorable: !translation || subject !== null,
    editor: removed ? null : translation ? translationEditorFor(path, translation) : editorFor(path),
    revisions: summaries,
    latest,
    from,
    to,
    diff: lineDiff(path, sources.get(from) ?? "", sources.get(to) ?? ""),
    pastImages: await Promise.all(
      (translation ? [] : await imagesOnlyInHistory(contentStore, path)).map(async (id) => ({ id, thumbnail: await media.thumbnail(id) })),
    ),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const path = String(form.get("path") ?? "");
  const translation = historyAt(path, String(form.get("language") ?? SOURCE_LANGUAGE));
  const { content, contentStore, database, media, news, translationStore } = context.get(appContext);
  if (form.get("intent") === "erase") {
    if (form.get("confirm") !== "on")
      return data({ error: "Tick the box to confirm: the photograph cannot be brought back." }, { status: 400 });
    const erased = await eraseImage(database.db, media, actorOf(staffUser(context)), String(form.get("image") ?? ""));
    if ("error" in erased) return data(erased, { status: 409 });
    throw redirect(`${historyOf(path)}&erased=1`);
  }
  const revision = Number(form.get("revision")) || 0;
  if (translation) {
    const subject = (await translationSubject({ content, contentStore, news }, path)) ?? notFound();
    const result = await restoreTranslation(translationStore, contentStore, database.db, actorOf(staffUser(context)), subject, {
      language: translation,
      revision,
      current: Number(form.get("current")) || 0,
    });
    if ("error" in result) return data(result, { status: 409 });
    throw redirect(`${historyOf(path, undefined, translation)}&${new URLSearchParams({ restored: String(revision) })}`);
  }
  const result = await restoreRevision(
    contentStore,
    database.db,
    actorOf(staffUser(context)),
    path,
    revision,
    Number(form.get("current")) || 0,
  );
  if ("error" in result) return data(result, { status: 409 });
  throw redirect(`${historyOf(path)}&${new URLSearchParams({ restored: String(revision), ...notLiveQuery(result) })}`);
}

const MARK = { added: "+", removed: "−", same: " " } as const;
const SPOKEN = { added: "Added: ", removed: "Removed: ", same: "" } as const;

type Loaded = Route.ComponentProps["loaderData"];
type Revision = Loaded["revisions"][number];

const savedBy = (r: Revision) => r.savedBy ?? (r.revision === 1 ? "First edition (the site's files)" : "Update from the site's files");

/** Every revision, newest first, with the two to compare chosen by radio buttons (a plain GET form). */
function Revisions({
  path,
  translation,
  revisions,
  latest,
  from,
  to,
}: Pick<Loaded, "path" | "translation" | "revisions" | "latest" | "from" | "to">) {
  return (
    <Form method="get" className="mt-6">
      <input type="hidden" name="path" value={path} />
      {translation ? <input type="hidden" name="language" value={translation.code} /> : null}
      <StaffTable caption="Every saved version, newest first" headers={["Revision", "Saved", "By", "Compare from", "Compare to"]}>
        {revisions.map((r) => (
          <tr key={r.revision} className="border-b border-sand-200">
            <td className="p-3">
              {r.revision}
              {r.revision === latest ? " (current)" : ""}
              {r.revision === translation?.review?.revision ? " (published)" : ""}
              {r.deleted ? " (deleted)" : ""}
            </td>
            <DateCell iso={r.savedAt} />
            <td className="p-3">{savedBy(r)}</td>
            {(["from", "to"] as const).map((end) => (
              <td key={end} className="p-3">
                <input
                  type="radio"
                  name={end}
                  value={r.revision}
                  defaultChecked={r.revision === (end === "from" ? from : to)}
                  aria-label={`Compare ${end} revision ${r.revision}`}
                  className="size-5"
                />
              </td>
            ))}
          </tr>
        ))}
      </StaffTable>
      <button type="submit" className="btn-secondary mt-3 text-navy-900">
        Compare
      </button>
    </Form>
  );
}

/** Which revision of a translation visitors read, and who reviewed and published it. */
function Review({ translation }: Pick<Loaded, "translation">) {
  if (!translation) return null;
  const { review, name } = translation;
  if (!review) return <p className="mt-4">Not published: visitors reading {name} see the English.</p>;
  return (
    <p className="mt-4">
      Visitors read revision {review.revision}, reviewed and published
      {review.reviewedBy ? (
        <>
          {" "}
          by <bdi>{review.reviewedBy}</bdi>
        </>
      ) : null}
      {review.reviewedAt ? <> on {review.reviewedAt.slice(0, 10)}</> : null}.
    </p>
  );
}

/** The lines that differ, marked for the eye and spoken for a screen reader; and the restore of the later one. */
function Comparison({
  path,
  translation,
  restorable,
  revisions,
  latest,
  from,
  to,
  diff,
}: Pick<Loaded, "path" | "translation" | "restorable" | "revisions" | "latest" | "from" | "to" | "diff">) {
  return (
    <section aria-labelledby="diff-heading" className="mt-8">
      <h2 id="diff-heading" className="font-serif text-2xl font-bold text-navy-900">
        Changes from revision {from} to revision {to}
      </h2>
      {diff.every((l) => l.kind === "same" || l.kind === "skipped") ? (
        <p className="mt-2">The two revisions are the same.</p>
      ) : (
        <pre className="mt-3 overflow-x-auto whitespace-pre-wrap break-words rounded-lg bg-white p-4 font-mono text-sm shadow-sm">
          {diff.map((line, i) =>
            line.kind === "skipped" ? (
              <span key={i} className="block italic text-sand-700">
                … {line.count} unchanged line{line.count === 1 ? "" : "s"} …
              </span>
            ) : (
              <span
                key={i}
                className={`block ${line.kind === "added" ? "bg-green-50 text-green-900" : line.kind === "removed" ? "bg-red-50 text-red-800" : ""}`}
              >
                <span aria-hidden="true">{MARK[line.kind]} </span>
                <span className="sr-only">{SPOKEN[line.kind]}</span>
                {line.text || " "}
              </span>
            ),
          )}
        </pre>
      )}
      {to !== latest && restorable && !revisions.find((r) => r.revision === to)?.deleted ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="path" value={path} />
          {translation ? <input type="hidden" name="language" value={translation.code} /> : null}
          <input type="hidden" name="revision" value={to} />
          <input type="hidden" name="current" value={latest} />
          <button type="submit" className="btn-primary">
            Restore revision {to}
          </button>
          <p className="mt-1 text-sm text-sand-700">
            {translation
              ? `Saves revision ${to}'s text as a new draft, which visitors see once it is published from the translation's editor; nothing in the history is lost.`
              : `Saves revision ${to}'s text as a new revision; nothing in the history is lost.`}
          </p>
        </Form>
      ) : null}
    </section>
  );
}

/** Photographs only earlier versions show, each deletable from every version, for the person in it. */
function PastPhotographs({ path, pastImages }: Pick<Loaded, "path" | "pastImages">) {
  if (!pastImages.length) return null;
  return (
    <section aria-labelledby="past-images-heading" className="mt-10 max-w-3xl rounded-lg border border-red-700 bg-white p-5">
      <h2 id="past-images-heading" className="font-serif text-xl font-bold text-navy-900">
        Photographs only in earlier versions
      </h2>
      <p className="mt-1">
        The page no longer shows these, but its history can restore them, and their files stay online until then. If a photograph puts
        someone at risk, delete it from every version: it cannot be brought back.
      </p>
      <ul className="mt-4 space-y-6">
        {pastImages.map(({ id, thumbnail }, i) => (
          <li key={id}>
            <Form method="post" className="flex flex-wrap items-end gap-4">
              {thumbnail ? (
                <img
                  src={thumbnail.url}
                  width={thumbnail.width}
                  height={thumbnail.height}
                  alt={`Earlier photograph ${i + 1}`}
                  className="h-auto max-h-32 w-auto rounded border border-sand-300"
                />
              ) : (
                <p>Earlier photograph {i + 1} (its files are already gone)</p>
              )}
              <input type="hidden" name="intent" value="erase" />
              <input type="hidden" name="path" value={path} />
              <input type="hidden" name="image" value={id} />
              <div className="space-y-2">
                <label className="flex items-center gap-2">
                  <input type="checkbox" name="confirm" className="size-5" />
                  Yes, delete earlier photograph {i + 1} for good
                </label>
                <button type="submit" className="btn-secondary text-red-800">
                  Delete from every version<span className="sr-only">: earlier photograph {i + 1}</span>
                </button>
              </div>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function History({ loaderData, actionData }: Route.ComponentProps) {
  const { path, editor, translation } = loaderData;
  const [params] = useSearchParams();
  const restored = params.get("restored");
  return (
    <>
      {editor ? <BackLink to={editor}>Back to the editor</BackLink> : null}
      <h1 className="mt-2 font-serif text-3xl font-bold text-navy-900">
        History{translation ? ` of the ${translation.name} translation` : ""}
      </h1>
      <p className="mt-1 text-sand-700">
        {translation?.of ? (
          <>
            <bdi>{translation.of}</bdi> ·{" "}
          </>
        ) : null}
        {path}
      </p>
      <ActionNotice
        result={
          actionData ??
          (restored
            ? translation
              ? { message: `Revision ${restored} restored as a new draft. Visitors see it once it is published.` }
              : changeNotice(params, `Revision ${restored} restored as a new revision`, "Visitors see it now.")
            : params.get("erased")
              ? { message: "The photograph is deleted: its files are gone, and no earlier version names it any more." }
              : undefined)
        }
      />
      <Review {...loaderData} />
      <Revisions {...loaderData} />
      <Comparison {...loaderData} />
      <PastPhotographs {...loaderData} />
    </>
  );
}
