/**
 * The staff area's editor of pages, articles and partners as staff see it (browser-safe): every field of each
 * kind of document (its schema in schemas.ts), in groups, and its lists (sources, cards, partners…) as rows
 * that can be moved, and where the list's length is free, added and removed. Field names are the fields'
 * dotted places in the document; a list row's are relative to the row.
 */
import type { ImageKind } from "~/lib/images";

export interface PageField {
  name: string;
  label: string;
  type: "text" | "url" | "number" | "date" | "textarea" | "checkbox" | "select" | "image";
  hint?: string;
  options?: readonly string[];
  /** Left out of the document when empty, even in a list of a set length. */
  optional?: boolean;
  /** An image field: the shape of frame its photograph is cut to (app/lib/image-kinds.json)… */
  kind?: ImageKind;
  /** …and the field, beside it, holding the focal point. */
  focus?: string;
}

export interface PageGroup {
  legend: string;
  fields: PageField[];
}

export interface PageList {
  /** The key holding the list. */
  name: string;
  legend: string;
  /** One row, for the rows' legends and the buttons' names. */
  item: string;
  fields: PageField[];
  /** A list of a set length: rows move, but none is added or removed. */
  fixed?: boolean;
  /** A row's lasting id, kept as it was; a new row's is made from its name. */
  id?: string;
}

export interface PageFormShape {
  groups: PageGroup[];
  lists: PageList[];
  /** The Markdown text under the front matter, where the document has one. */
  body?: { label: string; hint: string };
}

const STAND_IN = "Still a stand-in: list it under “What the site still needs”";

const FOCAL_POINT_HINT = "Where the photo is centred when cropped, as “50% 40%” (across, down).";

const imageGroup: PageGroup = {
  legend: "Photograph and credit",
  fields: [
    { name: "image.upload", label: "Photograph", type: "image", kind: "hero", focus: "image.position", optional: true },
    { name: "image.position", label: "Focal point", type: "text", hint: FOCAL_POINT_HINT },
    {
      name: "image.alt",
      label: "Description for screen readers (alt text)",
      type: "text",
      hint: "What the photograph shows, for people who cannot see it.",
    },
    { name: "image.decorative", label: "Decorative: it adds nothing a screen-reader user needs (no description)", type: "checkbox" },
    { name: "image.credit", label: "Credit", type: "text", hint: "Needed with an uploaded photograph, unless a caption is given." },
    { name: "image.creditUrl", label: "Credit link", type: "url" },
    { name: "image.license", label: "Licence", type: "text" },
    { name: "image.licenseUrl", label: "Licence link", type: "url" },
    { name: "image.caption", label: "Caption", type: "text" },
    { name: "image.placeholder", label: STAND_IN, type: "checkbox" },
  ],
};

const sources: PageList = {
  name: "sources",
  legend: "Sources",
  item: "source",
  fields: [
    { name: "url", label: "Address", type: "url", hint: "The publisher's own page, starting with https://" },
    { name: "title", label: "Title", type: "text", hint: "The page's real title." },
    { name: "publisher", label: "Publisher", type: "text" },
    { name: "date", label: "Date published", type: "date" },
  ],
};

export type FormKind = "communities" | "ideology" | "home" | "about" | "legal" | "partners";

export const PAGE_FORMS: Record<FormKind, PageFormShape> = {
  communities: {
    groups: [
      {
        legend: "Names and summary",
        fields: [
          { name: "name", label: "Name", type: "text" },
          { name: "menuLabel", label: "Name in menus", type: "text", hint: "Only if it differs from the name." },
          { name: "adjective", label: "Adjective", type: "text", hint: "As in “Yazidi news”." },
          { name: "subtitle", label: "Subtitle", type: "text", hint: "Needed when the body has a “## Content” section." },
          { name: "newsSubhead", label: "News page subheading", type: "text" },
          { name: "description", label: "Summary", type: "textarea", hint: "Shown on the communities page and in search results." },
        ],
      },
      imageGroup,
    ],
    lists: [sources],
    body: {
      label: "Text of the page",
      hint: "Markdown. Sections start with “## Under Attack”, then “## Content”, or “## Culture” and “## History”. A blank line starts a paragraph; **bold**, *italic*, [a link](https://…).",
    },
  },
  ideology: {
    groups: [
      {
        legend: "Title and summary",
        fields: [
          { name: "title", label: "Title", type: "text" },
          { name: "order", label: "Place in the menu", type: "number", hint: "Lower numbers come first." },
          { name: "heading", label: "Heading", type: "text" },
          { name: "boldText", label: "Opening sentence (in bold)", type: "textarea" },
          { name: "description", label: "Summary", type: "textarea", hint: "Shown in the menu and in search results." },
        ],
      },
      imageGroup,
      {
        legend: "Video",
        fields: [
          {
            name: "video.id",
            label: "YouTube video id",
            type: "text",
            hint: "The 11 characters after watch?v= in the video's address. Leave both empty for no video.",
          },
          { name: "video.title", label: "Video title", type: "text" },
          { name: "video.placeholder", label: STAND_IN, type: "checkbox" },
        ],
      },
      {
        legend: "Post on X",
        fields: [
          {
            name: "tweet.url",
            label: "Address of the post",
            type: "url",
            hint: "Such as https://x.com/account/status/1234567890. Leave empty for none.",
          },
          { name: "tweet.placeholder", label: STAND_IN, type: "checkbox" },
        ],
      },
    ],
    lists: [
      {
        name: "communities",
        legend: "Communities listed in the article",
        item: "community",
        fields: [
          { name: "name", label: "Name", type: "text" },
          {
            name: "description",
            label: "Description",
            type: "textarea",
            hint: "Markdown on one line: **bold**, *italic*, [a link](https://…).",
          },
        ],
      },
      {
        name: "labels",
        legend: "Labels used against communities",
        item: "label",
        fields: [
          { name: "term", label: "Term", type: "text" },
          { name: "usedAgainst", label: "Used against", type: "text" },
          { name: "meaning", label: "Meaning", type: "text" },
        ],
      },
      {
        name: "perspectives",
        legend: "Social posts",
        item: "post",
        fields: [
          { name: "provider", label: "Network", type: "select", options: ["TikTok", "Instagram"] },
          {
            name: "url",
            label: "Address of the post",
            type: "url",
            hint: "A TikTok video's (tiktok.com/@account/video/…) or an Instagram post's or reel's (instagram.com/p/…).",
          },
          { name: "title", label: "Title", type: "text" },
          { name: "placeholder", label: STAND_IN, type: "checkbox" },
        ],
      },
      sources,
    ],
    body: {
      label: "Text of the page",
      hint: "Markdown. A blank line starts a paragraph; **bold**, *italic*, [a link](https://…). <!-- communities --> marks where the list of communities stands.",
    },
  },
  home: {
    groups: [
      {
        legend: "Home page",
        fields: [
          { name: "title", label: "Title", type: "text" },
          { name: "description", label: "Description for search engines", type: "textarea" },
          { name: "tagline", label: "Tagline", type: "text" },
          { name: "missionHeading", label: "Mission heading", type: "text" },
          { name: "missionIntro", label: "Mission introduction", type: "textarea" },
          { name: "videoHeading", label: "Video heading", type: "text" },
          { name: "joinHeading", label: "Join heading", type: "text" },
          { name: "joinText", label: "Join text", type: "textarea" },
        ],
      },
    ],
    lists: [
      {
        name: "cards",
        legend: "Mission cards",
        item: "card",
        fixed: true,
        fields: [
          { name: "title", label: "Title", type: "text" },
          { name: "text", label: "Text", type: "textarea" },
          { name: "href", label: "Links to", type: "text", hint: "A page of the site, such as /communities." },
        ],
      },
      {
        name: "slides",
        legend: "Slides",
        item: "slide",
        fixed: true,
        fields: [
          { name: "caption", label: "Caption", type: "text" },
          {
            name: "alt",
            label: "Description for screen readers (alt text)",
            type: "text",
            hint: "What the photograph shows, for people who cannot see it. Needed with an uploaded photograph, unless it is marked decorative.",
          },
          { name: "decorative", label: "Decorative: it adds nothing a screen-reader user needs (no description)", type: "checkbox" },
          { name: "upload", label: "Photograph", type: "image", kind: "slide", focus: "position", optional: true },
          { name: "position", label: "Focal point", type: "text", hint: FOCAL_POINT_HINT, optional: true },
        ],
      },
    ],
  },
  about: {
    groups: [
      {
        legend: "About page",
        fields: [
          { name: "title", label: "Title", type: "text" },
          { name: "description", label: "Description for search engines", type: "textarea" },
          { name: "mission", label: "Mission", type: "textarea" },
          { name: "vision", label: "Vision", type: "textarea" },
          { name: "approachIntro", label: "Approach introduction", type: "textarea" },
        ],
      },
      {
        legend: "Featured article",
        fields: [
          { name: "featuredArticle.title", label: "Article title", type: "text" },
          { name: "featuredArticle.publication", label: "Publication", type: "text" },
          { name: "featuredArticle.excerpt", label: "Excerpt", type: "textarea" },
          { name: "featuredArticle.url", label: "Address of the article", type: "url" },
          { name: "featuredArticle.placeholder", label: STAND_IN, type: "checkbox" },
        ],
      },
    ],
    lists: [
      {
        name: "pillars",
        legend: "Our approach",
        item: "pillar",
        fixed: true,
        fields: [
          { name: "title", label: "Title", type: "text" },
          { name: "text", label: "Text", type: "textarea" },
        ],
      },
    ],
  },
  legal: {
    groups: [
      {
        legend: "Page",
        fields: [
          { name: "title", label: "Title", type: "text" },
          { name: "description", label: "Description for search engines", type: "textarea" },
          { name: "lastUpdated", label: "Last updated", type: "date", hint: "Change it when the policy itself changes." },
        ],
      },
    ],
    lists: [],
    body: {
      label: "Text of the page",
      hint: "Markdown. “## ” starts a section; {{organization}} and {{email}} stand for the organisation's name and address.",
    },
  },
  partners: {
    groups: [],
    lists: [
      {
        name: "partners",
        legend: "Partners",
        item: "partner",
        id: "id",
        fields: [
          { name: "name", label: "Name", type: "text" },
          { name: "description", label: "Description", type: "textarea" },
          { name: "website", label: "Website", type: "url" },
          { name: "logo", label: "Logo", type: "image", kind: "logo", optional: true },
          { name: "placeholder", label: STAND_IN, type: "checkbox" },
        ],
      },
    ],
  },
};

/**
 * Whether the editor offers a preview: of the text where it has a body, and of the cut where a photograph is
 * cut around a focal point (the home page's slides).
 */
export const hasPreview = (shape: PageFormShape) =>
  Boolean(shape.body) || [...shape.groups, ...shape.lists].some((part) => part.fields.some((f) => f.type === "image" && f.focus));

/** Which form edits the document at `path`; null for one this editor does not edit (people, settings). */
export function formKindOf(path: string): FormKind | null {
  if (/^communities\/[a-z0-9-]+\.md$/.test(path)) return "communities";
  if (/^ideology\/[a-z0-9-]+\.md$/.test(path)) return "ideology";
  if (path === "pages/home.md") return "home";
  if (path === "pages/about.md") return "about";
  if (/^pages\/(?:privacy-policy|terms-of-use)\.md$/.test(path)) return "legal";
  if (path === PARTNERS_PATH) return "partners";
  return null;
}

export const PARTNERS_PATH = "partners.yaml";

/** The kinds in an editor's address, /admin/site/pages/:kind/:slug. */
export const PAGE_KINDS = ["communities", "ideology", "pages"] as const;
export const isPageKind = (value: string | undefined): value is (typeof PAGE_KINDS)[number] => PAGE_KINDS.includes(value as never);

/** Where the article's list of communities stands in its body. */
export const COMMUNITY_LIST_MARKER = "<!-- communities -->";

/**
 * Every image field of a form as its slots are named in the submitted form: the groups' own, and each list
 * row's (`<list>.<row>.<field>`) for the rows the form has.
 */
export function imageSlotsOf(kind: FormKind, rowsIn: (list: string) => number) {
  const shape = PAGE_FORMS[kind];
  const slots = shape.groups
    .flatMap((g) => g.fields)
    .flatMap((f) => (f.type === "image" ? [{ name: f.name, kind: f.kind!, focus: f.focus }] : []));
  for (const list of shape.lists)
    for (const field of list.fields)
      if (field.type === "image")
        for (let row = 0; row < rowsIn(list.name); row++)
          slots.push({
            name: `${list.name}.${row}.${field.name}`,
            kind: field.kind!,
            focus: field.focus ? `${list.name}.${row}.${field.focus}` : undefined,
          });
  return slots;
}

/** A board member's portrait in their editor: its slot (uploads.server.ts) and focal point field. */
export const PORTRAIT_SLOT = { name: "portrait.upload", kind: "portrait", focus: "portrait.position" } as const;
