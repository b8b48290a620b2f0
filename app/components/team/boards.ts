/** The two boards (SPEC §2, Team), described once for their list pages and their members' pages. */
import type { NotFoundPage } from "~/components/ui/NotFoundView";

export interface Board {
  key: "directors" | "advisors";
  title: string;
  description: string;
  /** The list page, e.g. /team/board-of-directors. */
  path: string;
  /** A member's page is `${memberPath}/${id}`. */
  memberPath: string;
  /** The link back from a member's page (SPEC: advisors have one, directors do not). */
  back: { href: string; label: string } | null;
  notFound: NotFoundPage;
}

export const BOARDS: Record<Board["key"], Board> = {
  directors: {
    key: "directors",
    title: "Board of Directors",
    description: "The board of directors of our alliance of persecuted communities.",
    path: "/team/board-of-directors",
    memberPath: "/team/director",
    back: null,
    notFound: { title: "Director Not Found", backHref: "/team/board-of-directors", backLabel: "Back to Board of Directors" },
  },
  advisors: {
    key: "advisors",
    title: "Board of Advisors",
    description: "The board of advisors of our alliance of persecuted communities.",
    path: "/team/board-of-advisors",
    memberPath: "/team/advisor",
    back: { href: "/team/board-of-advisors", label: "Back to Board of Advisors" },
    notFound: {
      title: "Advisor Not Found",
      text: "The advisor you're looking for doesn't exist.",
      backHref: "/team/board-of-advisors",
      backLabel: "Back to Board of Advisors",
    },
  },
};

/** Which board a team URL belongs to. */
export const boardOf = (pathname: string): Board =>
  pathname.startsWith(BOARDS.advisors.path) || pathname.startsWith(`${BOARDS.advisors.memberPath}/`) ? BOARDS.advisors : BOARDS.directors;
