/**
 * "Interface text" (issue 34): everything the site says around its content (menus, buttons, the footer,
 * messages), in every language. Without a language, the languages with their review and corrections; with
 * one, every string beside its English, to correct, or to put back to the shipped text, and the language's
 * review by a native speaker. Plain forms: everything works without JavaScript.
 */
import { data, Form, href, Link, redirect, useSearchParams } from "react-router";
import type { Route } from "./+types/site-interface-text";
import { ActionNotice, BackLink, NotSavedNotice, StaffTable } from "~/components/staff/Controls";
import { FieldError } from "~/components/forms/fields";
import { markInterfaceTextReviewed, readInterfaceTextForm, saveInterfaceText } from "~/content/interface-text.server";
import { appContext } from "~/context.server";
import {
  correctionCounts,
  correctionsOf,
  interfaceReviews,
  messageValues,
  type StoredCorrection,
} from "~/i18n/interface-corrections.server";
import { interfaceField, stringsAddedOrChanged } from "~/i18n/interface-form";
import { interfaceText, MESSAGE_KEYS, SHIPPED } from "~/i18n/interface-text.server";
import { isLanguageCode, LANGUAGES, languageOf, SOURCE_LANGUAGE, type LanguageCode } from "~/i18n/languages";
import type { MessageKey } from "~/i18n/text";
import { formatDate } from "~/lib/dates";
import { changeNotice, notLiveQuery } from "~/lib/published";
import { notFound } from "~/lib/responses";
import { actorOf, staffUser } from "~/staff/session.server";

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: `${loaderData?.editing ? `${loaderData.editing.englishName} · ` : ""}Interface text · Site · Staff area` },
];

/** Each group of strings (a key's first part) as staff know it. */
const GROUPS: Record<string, string> = {
  layout: "Around every page: skip link, header, menu button",
  nav: "Main menu",
  footer: "Footer",
  search: "Search",
  languages: "Language menu",
  translation: "Notes on translation",
  notFound: "Page not found",
  error: "Error page",
};
const groupHeading = (prefix: string) => GROUPS[prefix] ?? `${prefix[0]!.toUpperCase()}${prefix.slice(1)}`;

/** The address's language; 404 for one the site does not speak. */
function languageAt(params: { language?: string }): LanguageCode | undefined {
  if (params.language === undefined) return undefined;
  if (!isLanguageCode(params.language)) notFound();
  return params.language;
}

const editorOf = (language: LanguageCode) => href("/admin/site/interface-text/:language?", { language });

export async function loader({ params, context }: Route.LoaderArgs) {
  const language = languageAt(params);
  const { database, content } = context.get(appContext);
  const [reviews, counts] = await Promise.all([interfaceReviews(database.db), correctionCounts(database.db)]);
  const reviewedOf = (code: LanguageCode): ReviewShown | null => {
    const review = reviews[code];
    return review ? { reviewedAt: review.reviewedAt, reviewedBy: review.reviewedBy, addedOrChanged: review.awaitingReview.length } : null;
  };
  const languages = LANGUAGES.map(({ code, name, englishName, dir }) => ({
    code,
    name,
    englishName,
    dir,
    corrections: counts[code] ?? 0,
    // English is the source the others are translated from: it awaits no review.
    review: code === SOURCE_LANGUAGE ? null : { reviewed: reviewedOf(code) },
  }));
  if (!language) return { languages, editing: null };

  const stored = await correctionsOf(database.db, language);
  // The strings a release added or changed since the language was reviewed (none while it awaits its first review).
  const sinceReview = new Set<MessageKey>(language === SOURCE_LANGUAGE ? [] : (reviews[language]?.awaitingReview ?? []));
  // The English as visitors read it now, staff's corrections included: what a translation says.
  const english = interfaceText(SOURCE_LANGUAGE, content.interfaceCorrections);
  const groups = new Map<string, { prefix: string; heading: string; strings: ReturnType<typeof stringOf>[] }>();
  function stringOf(key: MessageKey) {
    const shipped = SHIPPED[language!][key] ?? SHIPPED.en[key]!;
    const correction: StoredCorrection | null = stored[key] ?? null;
    return {
      key,
      english: language === SOURCE_LANGUAGE ? shipped : english[key],
      shipped,
      text: correction?.message ?? shipped,
      correction,
      values: messageValues(key),
      sinceReview: sinceReview.has(key),
    };
  }
  for (const key of MESSAGE_KEYS) {
    const prefix = key.split(".")[0]!;
    if (!groups.has(prefix)) groups.set(prefix, { prefix, heading: groupHeading(prefix), strings: [] });
    groups.get(prefix)!.strings.push(stringOf(key));
  }
  const { name, englishName, dir } = languageOf(language);
  return {
    languages,
    editing: {
      code: language,
      name,
      englishName,
      dir,
      review: languages.find((l) => l.code === language)!.review,
      groups: [...groups.values()],
    },
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const language = languageAt(params);
  if (!language) notFound();
  const { contentStore, database } = context.get(appContext);
  const actor = actorOf(staffUser(context));
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "save");
  const englishName = languageOf(language).englishName;
  if (intent === "review" || intent === "unreview") {
    if (language === SOURCE_LANGUAGE)
      return data({ error: "English is the source of the translations: it awaits no review." }, { status: 400 });
    const reviewed = intent === "review";
    await markInterfaceTextReviewed(database.db, actor, language, reviewed);
    return {
      message: reviewed
        ? `${englishName}: marked as reviewed by a native speaker.`
        : `${englishName}: marked as not reviewed. It is listed under “What the site still needs” again.`,
    };
  }
  const submitted = readInterfaceTextForm(form);
  const saved = await saveInterfaceText(contentStore, database.db, actor, language, submitted);
  if (saved.kind === "invalid") return data({ ...saved, form: submitted, key: crypto.randomUUID() }, { status: 400 });
  if (saved.kind === "unchanged") return { message: "Nothing to save: no string was changed." };
  const changed = saved.corrected.length + saved.reset.length;
  throw redirect(`${editorOf(language)}?${new URLSearchParams({ saved: String(changed), ...notLiveQuery(saved) })}`);
}

type Loaded = Route.ComponentProps["loaderData"];
type Editing = NonNullable<Loaded["editing"]>;
type OneString = Editing["groups"][number]["strings"][number];

/** A language's review as the page shows it: who marked it and when, and how many strings a release added or changed since. */
interface ReviewShown {
  reviewedAt: string;
  reviewedBy: string | null;
  addedOrChanged: number;
}

/** Who reviewed a language's text and what has come since, or that it awaits a native speaker. */
function ReviewState({ reviewed }: { reviewed: ReviewShown | null }) {
  if (!reviewed) return <span className="font-semibold text-red-800">Awaiting review by a native speaker</span>;
  const since = reviewed.addedOrChanged;
  return (
    <>
      <span className="text-green-900">
        Reviewed{reviewed.reviewedBy ? <> by {reviewed.reviewedBy}</> : null} on{" "}
        <time dateTime={reviewed.reviewedAt}>{formatDate(reviewed.reviewedAt.slice(0, 10))}</time>
      </span>
      {since ? (
        <span className="font-semibold text-red-800">
          ; {stringsAddedOrChanged(since)} since {since === 1 ? "awaits" : "await"} review
        </span>
      ) : null}
    </>
  );
}

/** A language by its own name (in its own language and direction), then its English name. */
function LanguageName({ language }: { language: Pick<Editing, "code" | "name" | "englishName" | "dir"> }) {
  return (
    <>
      <span lang={language.code} dir={language.dir}>
        {language.name}
      </span>
      {language.code === SOURCE_LANGUAGE ? null : <> — {language.englishName}</>}
    </>
  );
}

function Languages({ languages }: { languages: Loaded["languages"] }) {
  return (
    <StaffTable caption="The languages of the interface text" headers={["Language", "Strings corrected by staff", "Review"]}>
      {languages.map((l) => (
        <tr key={l.code} className="border-b border-sand-200">
          <td className="p-3">
            <Link to={editorOf(l.code)} className="underline">
              <LanguageName language={l} />
            </Link>
          </td>
          <td className="p-3">{l.corrections}</td>
          <td className="p-3">{l.review ? <ReviewState reviewed={l.review.reviewed} /> : "The source of the translations"}</td>
        </tr>
      ))}
    </StaffTable>
  );
}

/** The other languages, one click away from the one being edited. */
function LanguageLinks({ languages, current }: { languages: Loaded["languages"]; current: LanguageCode }) {
  return (
    <nav aria-label="Languages" className="mt-4">
      <ul className="flex flex-wrap gap-x-4 gap-y-1">
        {languages.map((l) => (
          <li key={l.code}>
            <Link
              to={editorOf(l.code)}
              aria-current={l.code === current ? "page" : undefined}
              className={l.code === current ? "font-semibold" : "underline"}
            >
              <LanguageName language={l} />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ReviewPanel({ editing }: { editing: Editing }) {
  if (!editing.review) return null;
  const { reviewed } = editing.review;
  const since = reviewed?.addedOrChanged ?? 0;
  return (
    <section aria-labelledby="review-heading" className="mt-6 max-w-5xl rounded-lg bg-white p-5 shadow-sm">
      <h2 id="review-heading" className="font-serif text-xl font-bold text-navy-900">
        Review by a native speaker
      </h2>
      <p className="mt-1">
        <ReviewState reviewed={reviewed} />.
      </p>
      <p className="mt-1 text-sm">
        The shipped {editing.englishName} text is a first draft. Until a native speaker has read every string and it is marked as reviewed,
        “What the site still needs” lists it. A review covers the strings as they were when it was marked. A string a later release adds or
        changes is marked <q>{NEW_SINCE_REVIEW}</q> below; once a native speaker has read it, mark the text as reviewed again.
      </p>
      <Form method="post" className="mt-3 flex flex-wrap gap-3">
        {!reviewed || since ? (
          <button type="submit" name="intent" value="review" className="btn-secondary text-navy-900">
            {reviewed ? "Mark as reviewed again" : "Mark as reviewed"}
            <span className="sr-only">: {editing.englishName} interface text</span>
          </button>
        ) : null}
        {reviewed ? (
          <button type="submit" name="intent" value="unreview" className="btn-secondary text-navy-900">
            Mark as not reviewed
            <span className="sr-only">: {editing.englishName} interface text</span>
          </button>
        ) : null}
      </Form>
    </section>
  );
}

const fieldId = (key: MessageKey) => `text-${key.replaceAll(".", "-")}`;

/** The mark on a string a release added or changed since the language's review. */
const NEW_SINCE_REVIEW = "New since the review";

/** One string: its English beside the field in the language's direction, and what staff did to it. */
function StringRow({
  editing,
  string,
  value,
  shown,
  reset,
  errors,
}: {
  editing: Editing;
  string: OneString;
  value: string;
  shown: string;
  reset: boolean;
  errors?: string[];
}) {
  const id = fieldId(string.key);
  const { correction } = string;
  const describedBy = [
    string.sinceReview ? `${id}-review` : null,
    string.values.length ? `${id}-values` : null,
    correction ? `${id}-history` : null,
    errors?.length ? `${id}-error` : null,
  ].filter(Boolean);
  const long = string.shipped.length > 60 || value.length > 60 || value.includes("\n");
  const common = {
    id,
    name: interfaceField.text(string.key),
    defaultValue: value,
    lang: editing.code,
    dir: editing.dir,
    "aria-invalid": errors?.length ? true : undefined,
    "aria-describedby": describedBy.join(" ") || undefined,
    className: `mt-1 block w-full rounded-md border bg-white px-3 py-2 text-base text-ink shadow-sm focus:border-navy-600 focus:outline-none focus:ring-2 focus:ring-navy-600/40 ${
      errors?.length ? "border-red-700" : "border-sand-700/40"
    }`,
  };
  return (
    <li className="grid gap-x-6 gap-y-2 border-t border-sand-200 py-4 first:border-t-0 md:grid-cols-2">
      <div>
        <label htmlFor={id} className="block">
          <span className="block font-mono text-xs text-sand-700">{string.key}</span>
          <span className="text-sm font-semibold text-navy-900">{editing.code === SOURCE_LANGUAGE ? "Shipped text" : "English"}: </span>
          <span lang="en" dir="ltr">
            {string.english}
          </span>
        </label>
        {string.sinceReview ? (
          <p id={`${id}-review`} className="mt-1 text-sm">
            <strong className="rounded border border-red-800 px-1.5 text-red-800">{NEW_SINCE_REVIEW}</strong>{" "}
            <span className="text-sand-700">A native speaker has not read this string yet.</span>
          </p>
        ) : null}
        {string.values.length ? (
          <p id={`${id}-values`} className="mt-1 text-sm text-sand-700">
            Keep <span dir="ltr">{string.values.join(", ")}</span>: the site fills in{" "}
            {string.values.length === 1 ? "its value" : "their values"} there.
          </p>
        ) : null}
      </div>
      <div>
        <input type="hidden" name={interfaceField.shown(string.key)} value={shown} />
        {long ? <textarea {...common} rows={3} /> : <input type="text" {...common} />}
        <FieldError name={id} errors={errors} />
        {correction ? (
          <div id={`${id}-history`} className="mt-1 text-sm">
            <p>
              {correction.problem ? (
                <strong className="text-red-800">
                  Visitors see the shipped text: this correction no longer fits the English. {correction.problem}{" "}
                </strong>
              ) : null}
              Changed{correction.savedBy ? <> by {correction.savedBy}</> : null} on{" "}
              <time dateTime={correction.savedAt}>{formatDate(correction.savedAt.slice(0, 10))}</time>.
            </p>
            {editing.code === SOURCE_LANGUAGE ? null : (
              <p className="text-sand-700">
                Shipped text:{" "}
                <span lang={editing.code} dir={editing.dir}>
                  {string.shipped}
                </span>
              </p>
            )}
          </div>
        ) : null}
        {correction ? (
          <label className="mt-2 flex items-center gap-2 text-sm">
            <input type="checkbox" name={interfaceField.reset} value={string.key} defaultChecked={reset} className="size-5" />
            Reset to the shipped text when saved<span className="sr-only">: {string.key}</span>
          </label>
        ) : null}
      </div>
    </li>
  );
}

function Strings({ editing, actionData }: { editing: Editing; actionData: Route.ComponentProps["actionData"] }) {
  const refused = actionData && "kind" in actionData && actionData.kind === "invalid" ? actionData : null;
  const errors: Partial<Record<MessageKey, string[]>> = refused?.errors ?? {};
  return (
    <Form key={refused?.key ?? "stored"} method="post" noValidate className="mt-6 max-w-5xl space-y-4">
      <p className="text-sm">
        Each string is shown beside its {editing.code === SOURCE_LANGUAGE ? "shipped text" : "English"}. Open a group, change what needs
        changing, and save: only the strings you changed are saved.
      </p>
      <button type="submit" name="intent" value="save" className="btn-primary">
        Save
      </button>
      {editing.groups.map((group) => {
        const corrected = group.strings.filter((s) => s.correction).length;
        const sinceReview = group.strings.filter((s) => s.sinceReview).length;
        const hasError = group.strings.some((s) => errors[s.key]);
        return (
          <details key={group.prefix} open={hasError || undefined} className="rounded-lg bg-white shadow-sm">
            <summary className="cursor-pointer p-4">
              <h2 className="inline font-serif text-xl font-bold text-navy-900">{group.heading}</h2>{" "}
              <span className="text-sm text-sand-700">
                ({group.strings.length} {group.strings.length === 1 ? "string" : "strings"}
                {corrected ? `, ${corrected} corrected` : ""}
                {sinceReview ? `, ${sinceReview} new since the review` : ""}
                {hasError ? ", to fix" : ""})
              </span>
            </summary>
            <ul className="px-4 pb-2">
              {group.strings.map((string) => (
                <StringRow
                  key={string.key}
                  editing={editing}
                  string={string}
                  value={refused?.form.typed[string.key] ?? string.text}
                  shown={refused?.form.shown[string.key] ?? string.text}
                  reset={refused?.form.reset.includes(string.key) ?? false}
                  errors={errors[string.key]}
                />
              ))}
            </ul>
          </details>
        );
      })}
      <button type="submit" name="intent" value="save" className="btn-primary">
        Save
      </button>
    </Form>
  );
}

function Notices({ actionData }: { actionData: Route.ComponentProps["actionData"] }) {
  const [params] = useSearchParams();
  if (actionData && "kind" in actionData) return <NotSavedNotice reason="Please fix the strings marked below: their groups are open." />;
  if (actionData) return <ActionNotice result={actionData} />;
  const saved = Number(params.get("saved"));
  if (saved) return <ActionNotice result={changeNotice(params, `Saved ${saved} ${saved === 1 ? "string" : "strings"}`)} />;
  return null;
}

export default function InterfaceText({ loaderData, actionData }: Route.ComponentProps) {
  const { languages, editing } = loaderData;
  return (
    <>
      <BackLink to={editing ? href("/admin/site/interface-text/:language?") : href("/admin/site")}>
        {editing ? "Interface text" : "Site"}
      </BackLink>
      <h1 className="mt-2 font-serif text-3xl font-bold text-navy-900">
        {editing ? (
          <>
            Interface text: <LanguageName language={editing} />
          </>
        ) : (
          "Interface text"
        )}
      </h1>
      <p className="mt-2 max-w-3xl">
        Everything the site says around its pages' own text: menus, buttons, the footer, messages. Correct any string in any language:
        visitors see the correction as soon as it is saved, and you can put back the shipped text at any time. Words in braces, such as{" "}
        {"{year}"}, are filled in by the site: keep them as they are.
      </p>
      {editing ? (
        <>
          <LanguageLinks languages={languages} current={editing.code} />
          <Notices actionData={actionData} />
          <ReviewPanel editing={editing} />
          <Strings editing={editing} actionData={actionData} />
        </>
      ) : (
        <Languages languages={languages} />
      )}
    </>
  );
}
