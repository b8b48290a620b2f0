/**
 * The pages whose words are the interface's rather than kept by staff: their address, and the interface text
 * of their title and description (app/i18n/messages), read by each route's meta tags and by site search in
 * every language (app/search/documents.server.ts).
 */
import { href } from "react-router";
import type { MessageKey } from "~/i18n/text";
import { BOARD_TITLE } from "./team-words";

export interface FixedPage {
  path: string;
  title: MessageKey;
  description: MessageKey;
}

export const FIXED_PAGES = {
  communities: { path: href("/communities"), title: "nav.communities", description: "communities.description" },
  partners: { path: href("/partners"), title: "partners.title", description: "partners.description" },
  donate: { path: href("/donate"), title: "donate.title", description: "donate.intro" },
  joinUs: { path: href("/join-us"), title: "join.title", description: "join.description" },
  contact: { path: href("/contact"), title: "contact.title", description: "contact.description" },
} as const satisfies Record<string, FixedPage>;

/** The two boards' list pages (their members' pages are content): app/components/team/boards.ts describes them from here. */
export const BOARD_PAGES = {
  directors: { path: href("/team/board-of-directors"), title: BOARD_TITLE.directors, description: "team.directors.description" },
  advisors: { path: href("/team/board-of-advisors"), title: BOARD_TITLE.advisors, description: "team.advisors.description" },
} as const satisfies Record<keyof typeof BOARD_TITLE, FixedPage>;
