/**
 * "Mark as reviewed": an editor who has checked a page's facts against its sources sets its review date to
 * today. Only community pages and articles carry one; `content:check` and the Site section list those due.
 */
import { audit, type Actor } from "~/staff/audit.server";
import type { SiteContent } from "./collections.server";
import { joinFile, splitFile } from "./front-matter.server";
import type { ContentStore } from "./store.server";

const REVIEWED_PAGE = /^(?:communities|ideology)\/[a-z0-9-]+\.md$/;

/** Every page with sources, with its review date and how many sources it cites. */
export const reviewedPages = (content: SiteContent) => [
  ...content.communities.map((c) => ({
    path: `communities/${c.slug}.md`,
    title: c.name,
    lastReviewed: c.lastReviewed,
    sources: c.sources.length,
  })),
  ...content.ideology.map((a) => ({
    path: `ideology/${a.section}.md`,
    title: a.title,
    lastReviewed: a.lastReviewed,
    sources: a.sources.length,
  })),
];

/** Sets the page's review date to `today`; null when the page is not one that has a review date. */
export async function markReviewed(store: ContentStore, db: Parameters<typeof audit>[0], actor: Actor, path: string, today: string) {
  if (!REVIEWED_PAGE.test(path)) return null;
  const current = await store.get(path);
  if (!current) return null;
  const { frontMatter, body } = splitFile(current.source);
  frontMatter.set("lastReviewed", today);
  // Marking a date cannot clash with another editor's text: it applies to whatever is stored now.
  const saved = await store.save({ path, revision: current.revision, source: joinFile(frontMatter, body), savedBy: actor.id ?? "system" });
  if ("conflict" in saved) return null;
  await audit(db, actor, { action: "content-saved", target: `content:${path}`, details: { revision: saved.revision, reviewed: today } });
  return { live: saved.live };
}
