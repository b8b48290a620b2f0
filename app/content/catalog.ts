/** The community slugs and article sections the site must have, in menu order (docs/product.md, "Communities", "Articles"). */
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

export type LegalPage = (typeof LEGAL_PAGES)[number];
