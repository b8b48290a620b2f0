import { Link } from "react-router";
import type { TranslationLink } from "~/content/translating.server";

/** The translations of what an editor edits: each language by its names, how far it is, and its editor. */
export function Translations({ languages }: { languages: TranslationLink[] }) {
  return (
    <section aria-labelledby="translations-heading" className="mt-10 max-w-3xl rounded-lg bg-white p-5 shadow-sm">
      <h2 id="translations-heading" className="font-serif text-xl font-bold text-navy-900">
        Translations
      </h2>
      <ul className="mt-3 divide-y divide-sand-200">
        {languages.map((l) => (
          <li key={l.code} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
            <Link to={l.editor} className="underline">
              {l.englishName}{" "}
              <span lang={l.code} dir="auto">
                ({l.name})
              </span>
            </Link>
            <span className={l.outdated ? "font-semibold text-red-800" : "text-sand-700"}>{l.status}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The box an English editor offers where translations can go out of date. */
export function MinorChange() {
  return (
    <label className="flex items-start gap-2">
      <input type="checkbox" name="minor" className="mt-1 size-5" />
      <span>
        Minor change (a typo, a link, a photograph): translations stay current. Leave it unticked when the meaning changes, so the
        translations are marked outdated.
      </span>
    </label>
  );
}
