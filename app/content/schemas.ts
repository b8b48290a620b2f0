/**
 * The shape of every content file (DESIGN: content is data). Strict objects, so a misspelt
 * field fails the build with the file's name instead of silently disappearing from a page.
 */
import { z } from "zod";
import { SOCIAL_NETWORKS } from "./settings";

const text = z.string().trim().min(1);
const placeholderFlag = z.boolean().default(false);
/** A calendar date, written unquoted (YAML reads it as a Date) or quoted ("2024-02-29"). */
const isoDate = z.union([z.date(), z.iso.date()]).transform((d) => (d instanceof Date ? d.toISOString().slice(0, 10) : d));

/** Every address staff can type: a `javascript:` or `data:` link, or a page sent in clear, is refused. */
const httpsUrl = z.url({ protocol: /^https$/, hostname: z.regexes.domain, error: "Enter a web address starting with https://" });

/** A public document a page's claims rest on (issue 12): found and read before it was cited. */
export const sourceSchema = z.strictObject({
  publisher: text,
  title: text,
  date: isoDate,
  url: httpsUrl,
});

/** Sources and the date an editor last checked them against the page. */
const verifiable = {
  lastReviewed: isoDate.optional(),
  sources: z.array(sourceSchema).default([]),
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

export const imageSchema = z
  .strictObject({
    upload: uploadId.optional(),
    alt: z.string().default(""),
    /** Adds nothing a screen-reader user needs: shown with empty alt text on purpose. */
    decorative: z.boolean().optional(),
    position: focalPoint.default("50% 50%"),
    credit: text.optional(),
    creditUrl: httpsUrl.optional(),
    license: text.optional(),
    licenseUrl: httpsUrl.optional(),
    caption: text.optional(),
    placeholder: placeholderFlag,
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
  organization: z.strictObject({ name: text, shortName: text, placeholder: placeholderFlag }),
  email: z.strictObject({ address: z.email({ error: "Enter an email address such as info@example.org" }), placeholder: placeholderFlag }),
  copyrightYear: z.number().int(),
  social: z.strictObject({
    placeholder: placeholderFlag,
    links: z
      .array(
        z
          .strictObject({ name: z.enum(Object.keys(SOCIAL_NETWORKS) as [SocialNetwork, ...SocialNetwork[]]), url: httpsUrl })
          .refine((link) => onNetworkHost(link.name, link.url), {
            error: (issue) => `Enter an address on ${SOCIAL_NETWORKS[(issue.input as { name: SocialNetwork }).name].join(" or ")}`,
            path: ["url"],
          }),
      )
      .length(5),
  }),
  donation: z.strictObject({ provider: text, widgetUrl: httpsUrl, hostedPageUrl: httpsUrl, placeholder: placeholderFlag }),
  homeVideo: z.strictObject({
    provider: z.literal("YouTube"),
    id: youtubeId,
    title: text,
    placeholder: placeholderFlag,
  }),
  /**
   * The card shown where a page of the site is shared, in place of the drawn default (issue 21), and what it
   * shows in words (og:image:alt; the organisation's name when none is given).
   */
  socialImage: z.strictObject({ upload: uploadId.optional(), position: focalPoint.default("50% 50%"), alt: text.optional() }).optional(),
});

export const homeSchema = z.strictObject({
  title: text,
  description: text,
  tagline: text,
  missionHeading: text,
  missionIntro: text,
  cards: z.array(z.strictObject({ title: text, text, href: sitePath })).length(3),
  videoHeading: text,
  joinHeading: text,
  joinText: text,
  slides: z
    .array(
      z
        .strictObject({
          alt: z.string(),
          /** Adds nothing a screen-reader user needs: shown with empty alt text on purpose. */
          decorative: z.boolean().optional(),
          caption: text,
          upload: uploadId.optional(),
          position: focalPoint.optional(),
        })
        .superRefine(describedIfUploaded),
    )
    .length(7),
});

export const aboutSchema = z.strictObject({
  title: text,
  description: text,
  mission: text,
  vision: text,
  pillars: z.array(z.strictObject({ title: text, text })).length(3),
  approachIntro: text,
  featuredArticle: z.strictObject({ title: text, publication: text, excerpt: text, url: httpsUrl, placeholder: placeholderFlag }),
});

export const legalPageSchema = z.strictObject({
  title: text,
  description: text,
  lastUpdated: isoDate,
});

export const communitySchema = z.strictObject({
  name: text,
  menuLabel: text.optional(),
  adjective: text,
  newsSubhead: text.optional(),
  description: text,
  subtitle: text.optional(),
  image: imageSchema,
  ...verifiable,
});

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

const embedPlaceholder = { placeholder: placeholderFlag };

export const ideologySchema = z.strictObject({
  title: text,
  order: z.number().int().min(1),
  description: text,
  heading: text,
  boldText: text,
  image: imageSchema,
  communities: z.array(z.strictObject({ name: text, description: text })).optional(),
  video: z.strictObject({ provider: z.literal("YouTube"), id: youtubeId, title: text, ...embedPlaceholder }).optional(),
  perspectives: z
    .array(
      z
        .strictObject({ provider: z.enum(["TikTok", "Instagram"]), url: z.string(), title: text, ...embedPlaceholder })
        // The address's form depends on the network chosen beside it.
        .superRefine((post, ctx) => {
          const { pattern, message } = POST_ADDRESSES[post.provider];
          if (!pattern.test(post.url)) ctx.addIssue({ code: "custom", path: ["url"], message });
        }),
    )
    .optional(),
  labels: z.array(z.strictObject({ term: text, usedAgainst: text, meaning: text })).optional(),
  tweet: z.strictObject({ url: postOn("X"), ...embedPlaceholder }).optional(),
  ...verifiable,
});

export const teamMemberSchema = z.strictObject({
  name: text,
  title: z.enum(["Director", "Chairman", "President", "Vice Chairman", "Treasurer", "Secretary", "Advisor"]),
  order: z.number().int(),
  listed: z.boolean().default(true),
  portrait: z.strictObject({ upload: uploadId, position: focalPoint.default("50% 50%") }).optional(),
  placeholder: placeholderFlag,
});

export const partnersSchema = z.strictObject({
  partners: z
    .array(
      z.strictObject({
        id: z.string().regex(/^[a-z0-9-]+$/),
        name: text,
        description: text,
        website: httpsUrl,
        logo: uploadId.optional(),
        placeholder: placeholderFlag,
      }),
    )
    .min(1),
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
