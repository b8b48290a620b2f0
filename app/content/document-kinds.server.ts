/**
 * Every kind of document staff edit in the Site section, described once: which documents it covers, its
 * schema (whose fields, with their words, make the editor: editor-shape.server.ts), its Markdown text, its
 * title, where visitors see it, and what its preview shows. The one editor (editing.server.ts and
 * app/routes/admin/site-document.tsx) works from this table.
 */
import { href } from "react-router";
import type { z } from "zod";
import { COMMUNITY_LIST_MARKER, type SiteContent } from "./collections.server";
import type { LegalPage } from "./catalog";
import type { EditorShape } from "./editor-shape";
import { editorShapeOf, optionalPartsOf } from "./editor-shape.server";
import {
  aboutSchema,
  communitySchema,
  homeSchema,
  ideologySchema,
  legalPageSchema,
  partnersSchema,
  siteSchema,
  teamMemberSchema,
} from "./schemas";

export interface PreviewSection {
  heading: string;
  html: string;
}

interface KindDescription {
  /** The documents of this kind, by path; the first group of the match is the document's slug. */
  paths: RegExp;
  schema: z.ZodObject;
  /** The Markdown text under the front matter, and what is said when it is left empty. */
  body?: EditorShape["body"] & { missing: string };
  /** What a conflict notice calls it: "this page". */
  called: string;
  /** The editor's heading; undefined where the site has no such document. */
  title(site: SiteContent, slug: string): string | undefined;
  /** The page that shows it; null for what every page shows (the settings). */
  visitorPath(slug: string): string | null;
  /** What the preview shows ("The text"), where the editor has one. */
  previewCalled?: string;
  /** The text as visitors will see it, for the preview. */
  preview?(site: SiteContent, slug: string): PreviewSection[];
  /** Whether its sources are checked (content:check's warnings, beside the form). */
  sourced?: boolean;
  /** Whether staff can remove it from the site (a person). */
  removable?: boolean;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const MARKDOWN = "A blank line starts a paragraph; **bold**, *italic*, [a link](https://…).";

const KINDS = {
  community: {
    paths: /^communities\/([a-z0-9-]+)\.md$/,
    schema: communitySchema,
    body: {
      label: "Text of the page",
      hint: `Markdown. Sections start with “## Under Attack”, then “## Content”, or “## Culture” and “## History”. ${MARKDOWN}`,
      rows: 24,
      missing: "Write the page's text",
    },
    called: "this page",
    title: (site, slug) => site.communities.find((c) => c.slug === slug)?.name,
    visitorPath: (slug) => href("/communities/:community", { community: slug }),
    previewCalled: "The text",
    preview(site, slug) {
      const c = site.communities.find((x) => x.slug === slug)!;
      return [
        { heading: "Under Attack", html: c.underAttackHtml },
        { heading: "Content", html: c.contentHtml },
        { heading: "Culture", html: c.cultureHtml },
        { heading: "History", html: c.historyHtml },
      ].filter((s): s is PreviewSection => Boolean(s.html));
    },
    sourced: true,
  },
  article: {
    paths: /^ideology\/([a-z0-9-]+)\.md$/,
    schema: ideologySchema,
    body: {
      label: "Text of the page",
      hint: `Markdown. ${MARKDOWN} ${COMMUNITY_LIST_MARKER} marks where the list of communities stands.`,
      rows: 24,
      missing: "Write the page's text",
    },
    called: "this page",
    title: (site, slug) => site.ideology.find((a) => a.section === slug)?.title,
    visitorPath: (slug) => href("/ideology/:section", { section: slug }),
    previewCalled: "The text",
    preview(site, slug) {
      const a = site.ideology.find((x) => x.section === slug)!;
      const list = a.communities.length
        ? `<ul>${a.communities.map((c) => `<li><strong>${escapeHtml(c.name)}:</strong> ${c.descriptionHtml}</li>`).join("")}</ul>`
        : "";
      return [{ heading: a.heading, html: a.bodyBeforeListHtml + list + a.bodyAfterListHtml }];
    },
    sourced: true,
  },
  home: {
    paths: /^pages\/(home)\.md$/,
    schema: homeSchema,
    called: "this page",
    title: () => "Home page",
    visitorPath: () => href("/"),
    previewCalled: "The slides",
  },
  about: {
    paths: /^pages\/(about)\.md$/,
    schema: aboutSchema,
    called: "this page",
    title: () => "About page",
    visitorPath: () => href("/about"),
  },
  legal: {
    paths: /^pages\/(privacy-policy|terms-of-use)\.md$/,
    schema: legalPageSchema,
    body: {
      label: "Text of the page",
      hint: "Markdown. “## ” starts a section; {{organization}} and {{email}} stand for the organisation's name and address.",
      rows: 24,
      missing: "Write the page's text",
    },
    called: "this page",
    title: (site, slug) => site.legal[slug as LegalPage]?.title,
    visitorPath: (slug) => (slug === "privacy-policy" ? href("/privacy-policy") : href("/terms-of-use")),
    previewCalled: "The text",
    preview: (site, slug) => [{ heading: site.legal[slug as LegalPage].title, html: site.legal[slug as LegalPage].bodyHtml }],
  },
  partners: {
    paths: /^(partners)\.yaml$/,
    schema: partnersSchema,
    called: "the partners",
    title: () => "Partners",
    visitorPath: () => href("/partners"),
  },
  settings: {
    paths: /^(site)\.yaml$/,
    schema: siteSchema,
    called: "these settings",
    title: () => "Settings",
    visitorPath: () => null,
    previewCalled: "The card shown when a page is shared",
  },
  person: {
    paths: /^team\/((?:directors|advisors)\/[a-z0-9-]+)\.md$/,
    schema: teamMemberSchema,
    body: {
      label: "Biography",
      hint: "Markdown: a blank line starts a paragraph, **bold**, *italic*, [a link](https://…).",
      rows: 10,
      missing: "Write a biography: a sentence or two at least",
    },
    called: "this person",
    title(site, slug) {
      const [board, id] = slug.split("/") as ["directors" | "advisors", string];
      return site[board].find((m) => m.id === id)?.name;
    },
    visitorPath(slug) {
      const [board, id] = slug.split("/") as [string, string];
      return board === "directors" ? href("/team/director/:id", { id }) : href("/team/advisor/:id", { id });
    },
    previewCalled: "The biography",
    preview(site, slug) {
      const [board, id] = slug.split("/") as ["directors" | "advisors", string];
      return [{ heading: "Biography", html: site[board].find((m) => m.id === id)!.bioHtml }];
    },
    removable: true,
  },
} satisfies Record<string, KindDescription>;

export type KindName = keyof typeof KINDS;

export interface DocumentKind extends KindDescription {
  name: KindName;
  shape: EditorShape;
  /** Objects that may be left out, with what they need (optionalPartsOf). */
  optionalParts: ReturnType<typeof optionalPartsOf>;
  format: "yaml" | "markdown";
}

/** Each kind with its editor read from its schema, once. */
const DESCRIBED = Object.fromEntries(
  Object.entries(KINDS).map(([name, kind]: [string, KindDescription]) => {
    const { missing: _missing, ...body } = kind.body ?? { missing: "" };
    return [
      name,
      {
        ...kind,
        name,
        shape: editorShapeOf(kind.schema, kind.body ? (body as EditorShape["body"]) : undefined),
        optionalParts: optionalPartsOf(kind.schema),
        format: kind.paths.source.includes("yaml") ? "yaml" : "markdown",
      } as DocumentKind,
    ];
  }),
) as Record<KindName, DocumentKind>;

/** The kind of the document at `path`, with its slug; null for one no editor edits. */
export function kindOf(path: string): { kind: DocumentKind; slug: string } | null {
  for (const kind of Object.values(DESCRIBED)) {
    const match = kind.paths.exec(path);
    if (match) return { kind, slug: match[1]! };
  }
  return null;
}
