import type { PictureData } from "~/lib/images";
import type { TeamTitle } from "~/content/schemas";
import { useText } from "~/i18n/text";
import { englishText } from "~/i18n/interface-lang";
import { languageOf } from "~/i18n/languages";
import { Picture } from "../ui/Picture";
import { ROLE_TEXT } from "~/content/team-words";

interface Member {
  id: string;
  name: string;
  title: TeamTitle;
  portrait: PictureData;
  /** Their name is still the English, on a page in another language. */
  english?: boolean;
}

/** Board members, three to a row on a desktop, each card linking to the member's page. */
export function TeamGrid({ members, memberPath }: { members: Member[]; memberPath: (id: string) => string }) {
  const { t, language } = useText();
  const { dir } = languageOf(language);
  return (
    <div className="mx-auto max-w-6xl px-4 py-14">
      <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3" data-team-grid>
        {members.map((m) => (
          <li key={m.id} data-reveal>
            <a
              href={memberPath(m.id)}
              className="group block overflow-hidden rounded-xl border border-sand-200 bg-white shadow-sm transition hover:shadow-md"
            >
              <Picture
                image={{ ...m.portrait, alt: t("team.portrait", { name: m.name }) }}
                sizes="(min-width: 1024px) 22rem, (min-width: 640px) 45vw, 90vw"
                imgClassName="aspect-[4/5] w-full object-cover"
              />
              <span className="block p-5" {...englishText(Boolean(m.english))}>
                <span className="block font-serif text-xl font-bold text-navy-900 group-hover:underline">{m.name}</span>
                {/* A role is interface text, in the page's language even on a card still in English. */}
                <span className="mt-1 block text-sand-700" {...(m.english ? { lang: language, dir } : {})}>
                  {t(ROLE_TEXT[m.title])}
                </span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
