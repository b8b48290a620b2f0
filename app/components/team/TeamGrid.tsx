import type { PictureData } from "~/lib/images";
import { useText } from "~/i18n/text";
import { SOURCE_LANGUAGE } from "~/i18n/languages";
import { englishText } from "~/i18n/interface-lang";
import { Picture } from "../ui/Picture";

interface Member {
  id: string;
  name: string;
  title: string;
  portrait: PictureData;
  /** Their name and role are still the English, on a page in another language. */
  english?: boolean;
}

/** Board members, three to a row on a desktop, each card linking to the member's page. */
export function TeamGrid({ members, memberPath }: { members: Member[]; memberPath: (id: string) => string }) {
  const { t, language } = useText();
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
                {/* A role is one of a fixed set of English words, which no translation changes: English on a translated card too. */}
                <span className="mt-1 block text-sand-700" {...englishText(!m.english && language !== SOURCE_LANGUAGE)}>
                  {m.title}
                </span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
