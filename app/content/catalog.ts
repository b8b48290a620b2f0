/** What SPEC fixes: the community slugs and ideology sections the site must have, in menu order. */
export const COMMUNITY_SLUGS = [
  "alawites",
  "amazigh",
  "armenians",
  "assyrians",
  "bahais",
  "balochis",
  "chaldeans",
  "christians",
  "copts",
  "druze",
  "hindus",
  "iranians",
  "jews",
  "kurds",
  "mandaeans",
  "maronites",
  "nigerian-christians",
  "sahelians",
  "samaritans",
  "sikhs",
  "sudanese",
  "yazidis",
] as const;

export const IDEOLOGY_SECTIONS = [
  "same-ideology",
  "dehumanizing-propaganda",
  "rape-sexual-assault-slavery",
  "sadistic-cruelty",
  "kidnapping",
  "subjugation-erasure",
  "forced-conversion",
  "cultural-heritage-destruction",
  "mass-displacement-ethnic-cleansing",
  "mass-killings-genocide",
] as const;

export const LEGAL_PAGES = ["privacy-policy", "terms-of-use"] as const;

export type CommunitySlug = (typeof COMMUNITY_SLUGS)[number];
export type IdeologySection = (typeof IDEOLOGY_SECTIONS)[number];
export type LegalPage = (typeof LEGAL_PAGES)[number];
