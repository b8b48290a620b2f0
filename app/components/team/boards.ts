/** The two boards (docs/product.md, "Team"), described once for their list pages and their members' pages. */
import { href } from "react-router";
import type { NotFoundPage } from "~/components/ui/ErrorViews";
import { BOARD_PAGES } from "~/content/fixed-pages";
import { languageOfPath } from "~/i18n/languages";
import type { MessageKey } from "~/i18n/text";

/** Its words are interface text keys (app/i18n/messages), said in the page's language. */
interface Board {
  key: "directors" | "advisors";
  title: MessageKey;
  description: MessageKey;
  /** The list page, e.g. /team/board-of-directors. */
  path: string;
  /** A member's page. */
  memberPath: (id: string) => string;
  /** The link back from a member's page: advisors' pages have one, directors' do not. */
  back: { href: string; label: MessageKey } | null;
  notFound: NotFoundPage;
}

export const BOARDS: Record<Board["key"], Board> = {
  directors: {
    key: "directors",
    ...BOARD_PAGES.directors,
    memberPath: (id) => href("/team/director/:id", { id }),
    back: null,
    notFound: { title: "team.directorNotFound", backHref: href("/team/board-of-directors"), backLabel: "team.backToDirectors" },
  },
  advisors: {
    key: "advisors",
    ...BOARD_PAGES.advisors,
    memberPath: (id) => href("/team/advisor/:id", { id }),
    back: { href: href("/team/board-of-advisors"), label: "team.backToAdvisors" },
    notFound: {
      title: "team.advisorNotFound",
      text: "team.advisorNotFoundText",
      backHref: href("/team/board-of-advisors"),
      backLabel: "team.backToAdvisors",
    },
  },
};

/** Which board a team URL belongs to, in any language. */
export const boardOf = (pathname: string): Board => {
  const { path } = languageOfPath(pathname);
  return path.startsWith(BOARDS.advisors.path) || path.startsWith(BOARDS.advisors.memberPath("")) ? BOARDS.advisors : BOARDS.directors;
};
