/**
 * The words a board and a member's role are said with: the roles are a fixed set (TEAM_TITLES), so their
 * words are interface text (app/i18n/messages), in the page's language, which staff correct in "Interface
 * text", not part of each person's translation. The board pages, the members' pages and site search say them.
 */
import type { MessageKey } from "~/i18n/text";
import type { TeamTitle } from "./schemas";

export const ROLE_TEXT: Record<TeamTitle, MessageKey> = {
  Director: "team.role.director",
  Chairman: "team.role.chairman",
  President: "team.role.president",
  "Vice Chairman": "team.role.viceChairman",
  Treasurer: "team.role.treasurer",
  Secretary: "team.role.secretary",
  Advisor: "team.role.advisor",
};

export const BOARD_TITLE = {
  directors: "nav.boardOfDirectors",
  advisors: "nav.boardOfAdvisors",
} as const satisfies Record<"directors" | "advisors", MessageKey>;
