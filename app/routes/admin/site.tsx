import { newsIdOf } from "~/content/translation-store.server";
import { href, Link } from "react-router";
import type { Route } from "./+types/site";
import { listPlaceholders, reviewProblems } from "~/content/collections.server";
import { kindOf } from "~/content/document-kinds.server";
import { editorFor, translationEditorFor } from "~/content/editors";
import type { ContentSnapshot } from "~/content/snapshot.server";
import type { TranslationSummary } from "~/content/translation-store.server";
import { isTranslatable } from "~/content/translations.server";
import { appContext } from "~/context.server";
import { interfaceReviews } from "~/i18n/interface-corrections.server";
import { stringsAddedOrChanged } from "~/i18n/interface-form";
import { languageOf, PREFIXED_LANGUAGES } from "~/i18n/languages";
import { formatDate } from "~/lib/dates";

export const meta = () => [{ title: "Site · Staff area" }];

/**
 * Per language: the documents not translated, those outdated, and those whose latest text awaits review; and
 * the news items begun, outdated or awaiting review (news comes and goes: an item not translated is not listed).
 */
function translationNeeds(content: ContentSnapshot, begun: TranslationSummary[], newsTitles: Map<string, string>) {
  const pages = Object.keys(content.documents)
    .filter(isTranslatable)
    .map((path) => {
      const { kind, slug } = kindOf(path)!;
      return { path, title: kind.title(content, slug) ?? path };
    });
  const news = [...newsTitles].map(([path, title]) => ({ path, title: `News: ${title}` }));
  const documents = [...pages, ...news];
  return PREFIXED_LANGUAGES.map((code) => {
    const { name, englishName } = languageOf(code);
    const of = (path: string) => begun.find((t) => t.language === code && t.path === path);
    const linked = (list: typeof documents) => list.map((d) => ({ ...d, editor: translationEditorFor(d.path, code) }));
    return {
      code,
      name,
      englishName,
      lists: [
        { title: "Outdated: the English has changed since", items: linked(documents.filter((d) => of(d.path)?.outdated)) },
        { title: "Awaiting review: a draft not yet published", items: linked(documents.filter((d) => of(d.path)?.draft)) },
        { title: "Not translated", items: linked(pages.filter((d) => !of(d.path))) },
      ],
    };
  });
}

/** The titles of the news items whose translation is begun, by path. */
async function newsTitles(news: { get(id: string): Promise<{ title: string } | undefined> }, begun: TranslationSummary[]) {
  const paths = [...new Set(begun.map((t) => t.path).filter((path) => newsIdOf(path)))];
  const items = await Promise.all(paths.map(async (path) => [path, (await news.get(newsIdOf(path)!))?.title] as const));
  return new Map(items.filter((item): item is readonly [string, string] => item[1] !== undefined));
}

export async function loader({ context }: Route.LoaderArgs) {
  const { content, translationStore, database, news } = context.get(appContext);
  const begun = await translationStore.overview();
  const { missing, stale } = reviewProblems(content);
  const item = (line: string) => {
    const [path, ...what] = line.split(": ");
    return { path: path!, what: what.join(": "), editor: editorFor(path!) };
  };
  // Each language's shipped interface text is a first draft until staff mark it reviewed (issue 34), and a
  // review covers the strings as they were: those a later release added or changed await review again.
  const reviewed = await interfaceReviews(database.db);
  const interfaceText = PREFIXED_LANGUAGES.flatMap((code) => {
    const review = reviewed[code];
    const what = !review
      ? "awaiting review by a native speaker"
      : review.awaitingReview.length
        ? `${stringsAddedOrChanged(review.awaitingReview.length)} since the review on ${formatDate(review.reviewedAt.slice(0, 10))}`
        : null;
    if (!what) return [];
    const editor = href("/admin/site/interface-text/:language?", { language: code });
    return [{ path: code, what: `${languageOf(code).englishName} interface text: ${what}`, editor }];
  });
  return {
    placeholders: listPlaceholders(content).map(item),
    review: [...missing, ...stale].map(item),
    interfaceText,
    translations: translationNeeds(content, begun, await newsTitles(news, begun)),
  };
}

export default function Site({ loaderData }: Route.ComponentProps) {
  const { placeholders, review, interfaceText, translations } = loaderData;
  const lists = [
    {
      title: "Still to supply",
      intro: "Only the organisation can give these: until then the site shows a clearly marked stand-in.",
      items: placeholders,
    },
    {
      title: "Due for review",
      intro: "Pages without enough sources, or whose facts were last checked more than 12 months ago.",
      items: review,
    },
    {
      title: "Interface text to review",
      intro:
        "Menus, buttons and messages in each language were shipped as a first draft: a native speaker reads them, then marks them reviewed.",
      items: interfaceText,
    },
  ];
  return (
    <>
      <h1 className="font-serif text-3xl font-bold text-navy-900">Site</h1>
      <p className="mt-2 max-w-3xl">
        What visitors read on every page. Changes show on the site as soon as they are saved, and every save is kept in the page's history.
      </p>
      <ul className="mt-4 flex flex-wrap gap-3">
        <li>
          <Link to={href("/admin/site/:document", { document: "settings" })} className="btn-primary">
            Settings
          </Link>
        </li>
        <li>
          <Link to={href("/admin/site/people")} className="btn-primary">
            Boards
          </Link>
        </li>
        <li>
          <Link to={href("/admin/site/pages")} className="btn-primary">
            Pages and reviews
          </Link>
        </li>
        <li>
          <Link to={href("/admin/site/:document", { document: "partners" })} className="btn-primary">
            Partners
          </Link>
        </li>
        <li>
          <Link to={href("/admin/site/interface-text/:language?")} className="btn-primary">
            Interface text
          </Link>
        </li>
      </ul>
      <h2 className="mt-8 font-serif text-2xl font-bold text-navy-900">What the site still needs</h2>
      {lists.map(({ title, intro, items }, i) => (
        // An id without spaces: aria-labelledby reads spaces as separating several ids.
        <section key={title} aria-labelledby={`needs-${i}`} className="mt-4 max-w-3xl rounded-lg bg-white p-5 shadow-sm">
          <h3 id={`needs-${i}`} className="font-semibold text-navy-900">
            {title}: {items.length}
          </h3>
          <p className="mt-1 text-sm">{intro}</p>
          {items.length === 0 ? (
            <p className="mt-2">Nothing: well done.</p>
          ) : (
            <ul className="mt-2 list-disc space-y-1 ps-6">
              {items.map(({ path, what, editor }) => (
                <li key={`${path}: ${what}`}>
                  {editor ? (
                    <Link to={editor} className="underline">
                      {what}
                    </Link>
                  ) : (
                    what
                  )}{" "}
                  <span className="text-sm text-sand-700">({path})</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
      <section aria-labelledby="needs-translations" className="mt-4 max-w-3xl rounded-lg bg-white p-5 shadow-sm">
        <h3 id="needs-translations" className="font-semibold text-navy-900">
          Translations
        </h3>
        <p className="mt-1 text-sm">
          Each language's pages, people and settings: what is outdated, what awaits review, what is not translated.
        </p>
        {translations.map((language) => (
          <details key={language.code} className="mt-3">
            <summary className="cursor-pointer">
              {language.englishName}{" "}
              <span lang={language.code} dir="auto">
                ({language.name})
              </span>
              : {language.lists.map((l) => `${l.items.length} ${l.title.split(":")[0]!.toLowerCase()}`).join(", ")}
            </summary>
            {language.lists.map((list) =>
              list.items.length ? (
                <div key={list.title} className="mt-2 ps-4">
                  <h4 className="font-semibold">{list.title}</h4>
                  <ul className="mt-1 list-disc space-y-1 ps-6">
                    {list.items.map((d) => (
                      <li key={d.path}>
                        <Link to={d.editor} className="underline">
                          {d.title}
                        </Link>{" "}
                        <span className="text-sm text-sand-700">({d.path})</span>
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null,
            )}
          </details>
        ))}
      </section>
    </>
  );
}
