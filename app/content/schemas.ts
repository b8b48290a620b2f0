/**
 * The shape of every content file (DESIGN: content is data). Strict objects, so a misspelt
 * field fails the build with the file's name instead of silently disappearing from a page.
 *
 * Each field staff edit carries its words for the editor (`.meta()`: label, hint), and each group or list
 * its legend: the Site editors are read from here (editor-shape.server.ts), so a field is described once.
 */
import { z } from "zod";
import type { FieldWords } from "./editor-shape";
import type { GroupWords } from "./editor-shape.server";

/** The words a field shows in its editor. */
const words = <S extends z.ZodType>(schema: S, fieldWords: FieldWords) => schema.meta({ ...fieldWords });
/** The legend of a group or list in its editor. */
const legend = <S extends z.ZodType>(schema: S, groupWords: GroupWords) => schema.meta({ ...groupWords });

/** The networks the footer links to, each with the hosts its profile addresses live on. */
export const SOCIAL_NETWORKS = {
  X: ["x.com", "twitter.com"],
  Instagram: ["instagram.com"],
  TikTok: ["tiktok.com"],
  YouTube: ["youtube.com"],
  Facebook: ["facebook.com"],
} as const;

const text = z.string().trim().min(1);
const placeholderFlag = z.boolean().default(false);
/** The box that keeps a part on "What the site still needs" until the organisation supplies it. */
const standIn = () => words(placeholderFlag, { label: "Still a stand-in: list it under “What the site still needs”" });
const FOCAL_POINT_HINT = "Where the photo is centred when cropped, as “50% 40%” (across, down).";
const MARKDOWN_LINE = "Markdown on one line: **bold**, *italic*, [a link](https://…).";
/** A calendar date, written unquoted (YAML reads it as a Date) or quoted ("2024-02-29"). */
const isoDate = z.union([z.date(), z.iso.date()]).transform((d) => (d instanceof Date ? d.toISOString().slice(0, 10) : d));

/** Every address staff can type: a `javascript:` or `data:` link, or a page sent in clear, is refused. */
const httpsUrl = z.url({ protocol: /^https$/, hostname: z.regexes.domain, error: "Enter a web address starting with https://" });

/** A public document a page's claims rest on (issue 12): found and read before it was cited. */
export const sourceSchema = z.strictObject({
  url: words(httpsUrl, { label: "Address", hint: "The publisher's own page, starting with https://" }),
  title: words(text, { label: "Title", hint: "The page's real title." }),
  publisher: words(text, { label: "Publisher" }),
  date: words(isoDate, { label: "Date published", type: "date" }),
});

/** Sources and the date an editor last checked them against the page. */
const verifiable = {
  lastReviewed: isoDate.optional(),
  // A source keeps its own title, in its own language, on every translation of the page.
  sources: legend(z.array(sourceSchema).default([]), { legend: "Sources", item: "source", verbatim: true }),
};

/** A photograph staff uploaded (issue 21): the hash of its clean original, as app/lib/media.server.ts names it. */
const uploadId = z.string().regex(/^[0-9a-f]{64}$/, "must be an uploaded image's id");
/** Where a photograph is centred when it is cut to a place's shape: "across% down%". */
const focalPoint = z.string().regex(/^\d{1,3}(?:\.\d+)?% \d{1,3}(?:\.\d+)?%$/, "Enter the focal point as two percentages, such as 50% 40%");

/** An uploaded photograph is described for people who cannot see it, unless it is marked decorative. */
function describedIfUploaded(image: { upload?: string; alt: string; decorative?: boolean }, ctx: z.RefinementCtx) {
  if (image.upload && !image.alt.trim() && !image.decorative)
    ctx.addIssue({
      code: "custom",
      path: ["alt"],
      message: "Describe the photograph for people who cannot see it, or mark it as decorative",
    });
}

const altText = { label: "Description for screen readers (alt text)", hint: "What the photograph shows, for people who cannot see it." };
const decorativeBox = { label: "Decorative: it adds nothing a screen-reader user needs (no description)" };

export const imageSchema = z
  .strictObject({
    upload: words(uploadId.optional(), { label: "Photograph", kind: "hero", focus: "position" }),
    position: words(focalPoint.default("50% 50%"), { label: "Focal point", hint: FOCAL_POINT_HINT, verbatim: true }),
    alt: words(z.string().default(""), altText),
    /** Adds nothing a screen-reader user needs: shown with empty alt text on purpose. */
    decorative: words(z.boolean().optional(), decorativeBox),
    credit: words(text.optional(), { label: "Credit", hint: "Needed with an uploaded photograph, unless a caption is given." }),
    creditUrl: words(httpsUrl.optional(), { label: "Credit link" }),
    license: words(text.optional(), { label: "Licence" }),
    licenseUrl: words(httpsUrl.optional(), { label: "Licence link" }),
    caption: words(text.optional(), { label: "Caption" }),
    placeholder: standIn(),
  })
  // An uploaded photograph is described, unless marked decorative, and credited where the page shows a credit.
  .superRefine((image, ctx) => {
    describedIfUploaded(image, ctx);
    if (image.upload && !image.credit && !image.caption)
      ctx.addIssue({ code: "custom", path: ["credit"], message: "Credit the photographer or source (or give a caption)" });
  });

/**
 * A page of this site, as a link: one leading slash. `//host` and `/\host` are another site to a browser, which
 * also drops tabs and line breaks from an address, so none of those is let through.
 */
const sitePath = z
  .string()
  .trim()
  .refine((path) => /^\/(?![/\\])[^\s\\]*$/.test(path), { error: "Enter a page of this site starting with one /, such as /communities" });

/** A YouTube video, by the id in its address (youtube.com/watch?v=<id>), as the embed loads it. */
const youtubeId = z.string().regex(/^[A-Za-z0-9_-]{11}$/, { error: "Enter the video's 11-character id, as in youtube.com/watch?v=<id>" });

/**
 * The address of one post, as each network writes it: the embeds (app/components/ui/SocialEmbed.tsx) hand it
 * to the network's script, which reads the post's id from it (a TikTok video's number, an Instagram post's
 * or reel's code, a status on X). A profile's or a search's address would show nothing. Each may end as a
 * shared link does: a slash, a query (?s=20, ?igsh=…).
 */
export const POST_ADDRESSES = {
  X: {
    pattern: /^https:\/\/(?:www\.|mobile\.)?(?:x|twitter)\.com\/\w{1,15}\/status\/\d{1,20}\/?(?:\?[^\s#]*)?$/,
    message: "Enter the address of a post on X, such as https://x.com/account/status/1234567890",
  },
  TikTok: {
    pattern: /^https:\/\/(?:www\.)?tiktok\.com\/@[\w.]{1,24}\/video\/\d{1,20}\/?(?:\?[^\s#]*)?$/,
    message: "Enter the address of a TikTok video, such as https://www.tiktok.com/@account/video/1234567890",
  },
  Instagram: {
    pattern: /^https:\/\/(?:www\.)?instagram\.com\/(?:[\w.]{1,30}\/)?(?:p|reel|tv)\/[\w-]{5,40}\/?(?:\?[^\s#]*)?$/,
    message: "Enter the address of an Instagram post or reel, such as https://www.instagram.com/p/C1a2B3c4D5e/",
  },
} as const;
const postOn = (network: keyof typeof POST_ADDRESSES) =>
  z.string().refine((url) => POST_ADDRESSES[network].pattern.test(url), { error: POST_ADDRESSES[network].message });

type SocialNetwork = keyof typeof SOCIAL_NETWORKS;
const onNetworkHost = (name: SocialNetwork, url: string) => {
  // Not an address at all: the address's own rule says so, once.
  if (!URL.canParse(url)) return true;
  const host = new URL(url).hostname.replace(/^www\./, "");
  return SOCIAL_NETWORKS[name].some((listed) => host === listed || host.endsWith(`.${listed}`));
};

export const siteSchema = z.strictObject({
  organization: legend(
    z.strictObject({
      name: words(text, { label: "Name", hint: "As it appears in page titles and the footer." }),
      shortName: words(text, { label: "Short name" }),
      placeholder: standIn(),
    }),
    { legend: "Organisation" },
  ),
  email: legend(
    z.strictObject({
      address: words(z.email({ error: "Enter an email address such as info@example.org" }), {
        label: "Email address",
        hint: "Shown on the contact and privacy pages.",
      }),
      placeholder: standIn(),
    }),
    { legend: "Contact email" },
  ),
  copyrightYear: z.number().int(),
  social: legend(
    z.strictObject({
      links: legend(
        z
          .array(
            z
              .strictObject({
                name: z.enum(Object.keys(SOCIAL_NETWORKS) as [SocialNetwork, ...SocialNetwork[]]),
                url: words(httpsUrl, { label: "Address", hint: "The organisation's page on this network." }),
              })
              .refine((link) => onNetworkHost(link.name, link.url), {
                error: (issue) => `Enter an address on ${SOCIAL_NETWORKS[(issue.input as { name: SocialNetwork }).name].join(" or ")}`,
                path: ["url"],
              }),
          )
          .length(5),
        { legend: "Links", item: "link", legendField: "name" },
      ),
      placeholder: standIn(),
    }),
    { legend: "Social media links" },
  ),
  donation: legend(
    z.strictObject({
      provider: text,
      hostedPageUrl: words(httpsUrl, { label: "Hosted donation page", hint: "Always linked from the donate page." }),
      widgetUrl: words(httpsUrl, { label: "Donation widget", hint: "Loaded only after a visitor asks for it." }),
      placeholder: standIn(),
    }),
    { legend: "Donations" },
  ),
  homeVideo: legend(
    z.strictObject({
      provider: z.literal("YouTube"),
      id: words(youtubeId, { label: "YouTube video id", hint: "The 11 characters after watch?v= in the video's address.", verbatim: true }),
      title: words(text, { label: "Video title", hint: "Names the video for screen-reader users." }),
      placeholder: standIn(),
    }),
    { legend: "Home page video" },
  ),
  /**
   * The card shown where a page of the site is shared, in place of the drawn default (issue 21), and what it
   * shows in words (og:image:alt; the organisation's name when none is given).
   */
  socialImage: legend(
    z
      .strictObject({
        upload: words(uploadId.optional(), { label: "Card image", kind: "social", focus: "position" }),
        position: words(focalPoint.default("50% 50%"), {
          label: "Card's focal point",
          hint: "Where the image is centred when cut to the card's wide frame, as “50% 40%” (across, down).",
          verbatim: true,
        }),
        alt: words(text.optional(), {
          label: "Card's description for screen readers (alt text)",
          hint: "What the card shows, for people who cannot see it. Left empty, the organisation's name is used.",
        }),
      })
      .optional(),
    { legend: "Card shown when a page is shared" },
  ),
});

const pageTitle = () => words(text, { label: "Title" });
const searchDescription = () => words(text, { label: "Description for search engines", type: "textarea" });
const long = (label: string, hint?: string) => words(text, { label, type: "textarea", ...(hint ? { hint } : {}) });
const line = (label: string, hint?: string) => words(text, { label, ...(hint ? { hint } : {}) });

export const homeSchema = legend(
  z.strictObject({
    title: pageTitle(),
    description: searchDescription(),
    tagline: line("Tagline"),
    missionHeading: line("Mission heading"),
    missionIntro: long("Mission introduction"),
    cards: legend(
      z
        .array(
          z.strictObject({
            title: line("Title"),
            text: long("Text"),
            href: words(sitePath, { label: "Links to", hint: "A page of the site, such as /communities." }),
          }),
        )
        .length(3),
      { legend: "Mission cards", item: "card" },
    ),
    videoHeading: line("Video heading"),
    joinHeading: line("Join heading"),
    joinText: long("Join text"),
    slides: legend(
      z
        .array(
          z
            .strictObject({
              caption: line("Caption"),
              alt: words(z.string(), {
                ...altText,
                hint: "What the photograph shows, for people who cannot see it. Needed with an uploaded photograph, unless it is marked decorative.",
              }),
              /** Adds nothing a screen-reader user needs: shown with empty alt text on purpose. */
              decorative: words(z.boolean().optional(), decorativeBox),
              upload: words(uploadId.optional(), { label: "Photograph", kind: "slide", focus: "position" }),
              position: words(focalPoint.optional(), { label: "Focal point", hint: FOCAL_POINT_HINT, verbatim: true }),
            })
            .superRefine(describedIfUploaded),
        )
        .length(7),
      { legend: "Slides", item: "slide" },
    ),
  }),
  { legend: "Home page" },
);

export const aboutSchema = legend(
  z.strictObject({
    title: pageTitle(),
    description: searchDescription(),
    mission: long("Mission"),
    vision: long("Vision"),
    pillars: legend(z.array(z.strictObject({ title: line("Title"), text: long("Text") })).length(3), {
      legend: "Our approach",
      item: "pillar",
    }),
    approachIntro: long("Approach introduction"),
    featuredArticle: legend(
      z.strictObject({
        title: line("Article title"),
        publication: line("Publication"),
        excerpt: long("Excerpt"),
        url: words(httpsUrl, { label: "Address of the article" }),
        placeholder: standIn(),
      }),
      { legend: "Featured article" },
    ),
  }),
  { legend: "About page" },
);

export const legalPageSchema = legend(
  z.strictObject({
    title: pageTitle(),
    description: searchDescription(),
    lastUpdated: words(isoDate, { label: "Last updated", type: "date", hint: "Change it when the policy itself changes." }),
  }),
  { legend: "Page" },
);

export const communitySchema = legend(
  z.strictObject({
    name: line("Name"),
    menuLabel: words(text.optional(), { label: "Name in menus", hint: "Only if it differs from the name." }),
    adjective: line("Adjective", "As in “Yazidi news”."),
    subtitle: words(text.optional(), { label: "Subtitle", hint: "Needed when the body has a “## Content” section." }),
    newsSubhead: words(text.optional(), { label: "News page subheading" }),
    description: long("Summary", "Shown on the communities page and in search results."),
    image: legend(imageSchema, { legend: "Photograph and credit" }),
    ...verifiable,
  }),
  { legend: "Names and summary" },
);

/** The Markdown body of a community file: `## Under Attack`, then `## Content` or `## Culture` + `## History`. */
export const communityBodySchema = z
  .strictObject({
    "Under Attack": text,
    Content: text.optional(),
    Culture: text.optional(),
    History: text.optional(),
  })
  .refine((b) => Boolean(b.Content) || (Boolean(b.Culture) && Boolean(b.History)), {
    message: "needs a '## Content' section, or both '## Culture' and '## History'",
  });

export const ideologySchema = legend(
  z.strictObject({
    title: line("Title"),
    order: words(z.number().int().min(1), { label: "Place in the menu", hint: "Lower numbers come first." }),
    heading: line("Heading"),
    boldText: long("Opening sentence (in bold)"),
    description: long("Summary", "Shown in the menu and in search results."),
    image: legend(imageSchema, { legend: "Photograph and credit" }),
    video: legend(
      z
        .strictObject({
          provider: z.literal("YouTube"),
          id: words(youtubeId, {
            label: "YouTube video id",
            hint: "The 11 characters after watch?v= in the video's address. Leave both empty for no video.",
            verbatim: true,
          }),
          title: line("Video title"),
          placeholder: standIn(),
        })
        .optional(),
      { legend: "Video" },
    ),
    tweet: legend(
      z
        .strictObject({
          url: words(postOn("X"), {
            label: "Address of the post",
            hint: "Such as https://x.com/account/status/1234567890. Leave empty for none.",
            type: "url",
          }),
          placeholder: standIn(),
        })
        .optional(),
      { legend: "Post on X" },
    ),
    communities: legend(
      z
        .array(
          z.strictObject({ name: line("Name"), description: words(text, { label: "Description", type: "textarea", hint: MARKDOWN_LINE }) }),
        )
        .optional(),
      { legend: "Communities listed in the article", item: "community" },
    ),
    labels: legend(
      z.array(z.strictObject({ term: line("Term"), usedAgainst: line("Used against"), meaning: line("Meaning") })).optional(),
      { legend: "Labels used against communities", item: "label" },
    ),
    perspectives: legend(
      z
        .array(
          z
            .strictObject({
              provider: words(z.enum(["TikTok", "Instagram"]), { label: "Network" }),
              url: words(z.string(), {
                label: "Address of the post",
                type: "url",
                hint: "A TikTok video's (tiktok.com/@account/video/…) or an Instagram post's or reel's (instagram.com/p/…).",
              }),
              title: line("Title"),
              placeholder: standIn(),
            })
            // The address's form depends on the network chosen beside it.
            .superRefine((post, ctx) => {
              const { pattern, message } = POST_ADDRESSES[post.provider];
              if (!pattern.test(post.url)) ctx.addIssue({ code: "custom", path: ["url"], message });
            }),
        )
        .optional(),
      { legend: "Social posts", item: "post" },
    ),
    ...verifiable,
  }),
  { legend: "Title and summary" },
);

export const TEAM_TITLES = ["Director", "Chairman", "President", "Vice Chairman", "Treasurer", "Secretary", "Advisor"] as const;
export type TeamTitle = (typeof TEAM_TITLES)[number];

export const teamMemberSchema = legend(
  z.strictObject({
    name: line("Name"),
    title: words(z.enum(TEAM_TITLES), { label: "Title" }),
    order: words(z.number().int(), {
      label: "Place in the grid",
      hint: "Lower numbers come first. The Move up and Move down buttons on the Boards list change it for you.",
    }),
    listed: words(z.boolean().default(true), { label: "Shown on the board's grid (officers' records are not)" }),
    portrait: legend(
      z
        .strictObject({
          upload: words(uploadId, { label: "Portrait", kind: "portrait", focus: "position" }),
          position: words(focalPoint.default("50% 50%"), {
            label: "Portrait's focal point",
            hint: "Where the portrait is centred when cropped, as “50% 30%” (across, down): the face, usually.",
            verbatim: true,
          }),
        })
        .optional(),
      { legend: "Photograph" },
    ),
    placeholder: standIn(),
  }),
  { legend: "Person" },
);

export const partnersSchema = z.strictObject({
  partners: legend(
    z
      .array(
        z.strictObject({
          id: z.string().regex(/^[a-z0-9-]+$/),
          name: line("Name"),
          description: long("Description"),
          website: words(httpsUrl, { label: "Website" }),
          logo: words(uploadId.optional(), { label: "Logo", kind: "logo" }),
          placeholder: standIn(),
        }),
      )
      .min(1),
    { legend: "Partners", item: "partner", rowId: "id" },
  ),
});

export const newsSchema = z.strictObject({
  items: z.array(
    z.strictObject({
      id: z.string().regex(/^[a-z0-9-]+$/, "must be lowercase letters, digits and dashes"),
      title: text,
      source: text,
      publishedDate: isoDate,
      originalUrl: z.url({ protocol: /^https$/ }),
      imageUrl: z.url().optional(),
      excerpt: text,
      communities: z.array(z.string()).min(1),
    }),
  ),
});

export type NewsSeedItem = z.infer<typeof newsSchema>["items"][number];
export type Partner = z.infer<typeof partnersSchema>["partners"][number];
export type SiteSettings = z.infer<typeof siteSchema>;
export type ImageFields = z.infer<typeof imageSchema>;
export type HomeFields = z.infer<typeof homeSchema>;
export type AboutFields = z.infer<typeof aboutSchema>;
export type CommunityFields = z.infer<typeof communitySchema>;
export type IdeologyFields = z.infer<typeof ideologySchema>;
export type TeamMemberFields = z.infer<typeof teamMemberSchema>;
export type Source = z.infer<typeof sourceSchema>;
