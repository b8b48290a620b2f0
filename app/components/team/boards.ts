/** The two boards (docs/product.md, "Team"), described once for their list pages and their members' pages. */
import { href } from "react-router";
import type { NotFoundPage } from "~/components/ui/ErrorViews";
import { languageOfPath } from "~/i18n/languages";

interface Board {
  key: "directors" | "advisors";
  title: string;
  description: string;
  /** The list page, e.g. /team/board-of-directors. */
  path: string;
  /** A member's page. */
  memberPath: (id: string) => string;
  /** The link back from a member's page: advisors' pages have one, directors' do not. */
  back: { href: string; label: string } | null;
  notFound: NotFoundPage;
}

export const BOARDS: Record<Board["key"], Board> = {
  directors: {
    key: "directors",
    title: "Board of Directors",
    description: "The board of directors of our alliance of persecuted communities.",
    path: href("/team/board-of-directors"),
    memberPath: (id) => href("/team/director/:id", { id }),
    back: null,
    notFound: { title: "Director Not Found", backHref: href("/team/board-of-directors"), backLabel: "Back to Board of Directors" },
  },
  advisors: {
    key: "advisors",
    title: "Board of Advisors",
    description: "The board of advisors of our alliance of persecuted communities.",
    path: href("/team/board-of-advisors"),
    memberPath: (id) => href("/team/advisor/:id", { id }),
    back: { href: href("/team/board-of-advisors"), label: "Back to Board of Advisors" },
    notFound: {
      title: "Advisor Not Found",
      text: "The advisor you're looking for doesn't exist.",
      backHref: href("/team/board-of-advisors"),
      backLabel: "Back to Board of Advisors",
    },
  },
};

/** Which board a team URL belongs to, in any language. */
export const boardOf = (pathname: string): Board => {
  const { path } = languageOfPath(pathname);
  return path.startsWith(BOARDS.advisors.path) || path.startsWith(BOARDS.advisors.memberPath("")) ? BOARDS.advisors : BOARDS.directors;
};
