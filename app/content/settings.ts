/** The site settings' form as staff see it: its groups and fields, described once (browser-safe). */

export const SETTINGS_PATH = "site.yaml";

/** The networks the footer links to, each with the hosts its profile addresses live on. */
export const SOCIAL_NETWORKS = {
  X: ["x.com", "twitter.com"],
  Instagram: ["instagram.com"],
  TikTok: ["tiktok.com"],
  YouTube: ["youtube.com"],
  Facebook: ["facebook.com"],
} as const;

interface SettingField {
  /** The field's place in site.yaml, dotted; also the form field's name. */
  name: string;
  label: string;
  type: "text" | "email" | "url";
  hint?: string;
}

/** A group of settings the organisation supplies together, and confirms together (its `placeholder` flag). */
export interface SettingGroup {
  key: "organization" | "email" | "social" | "donation" | "homeVideo";
  legend: string;
  fields: SettingField[];
}

const socialLinks = Object.entries(SOCIAL_NETWORKS).map(([name, hosts], i): SettingField => ({
  name: `social.links.${i}.url`,
  label: name,
  type: "url",
  hint: `An address on ${hosts[0]}`,
}));

/** The card shown where a page is shared: its slot in the settings form (uploads.server.ts). */
export const SOCIAL_CARD_SLOT = { name: "socialImage.upload", kind: "social", focus: "socialImage.position" } as const;
/** The card's description for people who cannot see it (og:image:alt). */
export const SOCIAL_CARD_ALT = "socialImage.alt";

export const SETTING_GROUPS: SettingGroup[] = [
  {
    key: "organization",
    legend: "Organisation",
    fields: [
      { name: "organization.name", label: "Name", type: "text", hint: "As it appears in page titles and the footer." },
      { name: "organization.shortName", label: "Short name", type: "text" },
    ],
  },
  {
    key: "email",
    legend: "Contact email",
    fields: [{ name: "email.address", label: "Email address", type: "email", hint: "Shown on the contact and privacy pages." }],
  },
  { key: "social", legend: "Social media links", fields: socialLinks },
  {
    key: "donation",
    legend: "Donations",
    fields: [
      { name: "donation.hostedPageUrl", label: "Hosted donation page", type: "url", hint: "Always linked from the donate page." },
      { name: "donation.widgetUrl", label: "Donation widget", type: "url", hint: "Loaded only after a visitor asks for it." },
    ],
  },
  {
    key: "homeVideo",
    legend: "Home page video",
    fields: [
      { name: "homeVideo.id", label: "YouTube video id", type: "text", hint: "The 11 characters after watch?v= in the video's address." },
      { name: "homeVideo.title", label: "Video title", type: "text", hint: "Names the video for screen-reader users." },
    ],
  },
];
