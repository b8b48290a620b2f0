import type { PictureData } from "~/lib/images";
import type { TeamTitle } from "~/content/schemas";
import { useInterfaceLang } from "~/i18n/interface-lang";
import { useText, type MessageKey } from "~/i18n/text";
import { Arrow } from "../ui/Arrow";
import { Picture } from "../ui/Picture";
import { ROLE_TEXT } from "~/content/team-words";

interface TeamMemberViewProps {
  member: { name: string; title: TeamTitle; bioHtml: string; board: "directors" | "advisors" };
  portrait: PictureData;
  /** The link back to the board, its English address and its words' key. */
  back: { href: string; label: MessageKey } | null;
}

export function TeamMemberView({ member, portrait, back }: TeamMemberViewProps) {
  const { t, local } = useText();
  const own = useInterfaceLang();
  return (
    <article className="mx-auto grid max-w-5xl gap-10 px-4 py-14 md:grid-cols-[18rem_minmax(0,1fr)]">
      <Picture
        image={{ ...portrait, alt: t("team.portrait", { name: member.name }) }}
        sizes="18rem"
        priority
        imgClassName="aspect-[4/5] w-full rounded-xl object-cover shadow-md"
      />
      <div>
        <h1 className="font-serif text-4xl font-bold text-navy-900">{member.name}</h1>
        {/* A role is interface text: in the page's language even where the rest is still the English. */}
        <p className="mt-2 text-lg font-semibold text-gold-700" {...own}>
          {t(ROLE_TEXT[member.title])}
        </p>
        <div className="prose-content mt-6" dangerouslySetInnerHTML={{ __html: member.bioHtml }} />
        {back ? (
          <p className="mt-10" {...own}>
            <a href={local(back.href)} className="btn-secondary text-navy-800 hover:bg-sand-100">
              <Arrow to="back" /> {t(back.label)}
            </a>
          </p>
        ) : null}
      </div>
    </article>
  );
}
