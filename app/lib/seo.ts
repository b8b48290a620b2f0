import type { MetaDescriptor } from "react-router";

export interface RootMetaData {
  siteUrl: string;
  /** What a page's canonical path is put after: the site, or its translation's prefix (`…/ar`). */
  canonicalBase?: string;
  /** The page's language's address prefix ("/ar"; "" in English), for links to its other addresses. */
  localPrefix?: string;
  siteName: string;
  socialImage: string;
  /** What the card shows, in words (og:image:alt): staff's description, or the organisation's name. */
  socialImageAlt: string;
}

interface PageMetaInput {
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. "/about". */
  path: string;
  root: RootMetaData | undefined;
  image?: string;
  /** What a page's own image shows. */
  imageAlt?: string;
  type?: "website" | "article" | "profile";
  noindex?: boolean;
  jsonLd?: Record<string, unknown>;
}

/** Title, description, canonical URL, Open Graph and Twitter card tags for one page. */
export function pageMeta({
  title,
  description,
  path,
  root,
  image,
  imageAlt,
  type = "website",
  noindex,
  jsonLd,
}: PageMetaInput): MetaDescriptor[] {
  const siteName = root?.siteName ?? "";
  const fullTitle = path === "/" ? `${siteName}: ${title}` : `${title} | ${siteName}`;
  const url = `${root?.canonicalBase ?? root?.siteUrl ?? ""}${path}`;
  const img = image ?? root?.socialImage;
  const alt = image ? imageAlt : root?.socialImageAlt;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: type },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  ];
  if (noindex) tags.push({ name: "robots", content: "noindex" });
  else tags.push({ tagName: "link", rel: "canonical", href: url }, { property: "og:url", content: url });
  if (img) tags.push({ property: "og:image", content: img }, { name: "twitter:image", content: img });
  if (img && alt) tags.push({ property: "og:image:alt", content: alt }, { name: "twitter:image:alt", content: alt });
  if (jsonLd) tags.push({ "script:ld+json": jsonLd });
  return tags;
}

/** The `meta` export of a page whose tags do not depend on its data. */
export function staticPageMeta(input: Omit<PageMetaInput, "root">) {
  return ({ matches }: { matches: readonly unknown[] }) => pageMeta({ ...input, root: rootMeta(matches) });
}

/** The root loader's site-wide meta data, from a route's `meta` matches. */
export function rootMeta(matches: readonly unknown[]): RootMetaData | undefined {
  return (matches[0] as { loaderData?: { meta?: RootMetaData } } | undefined)?.loaderData?.meta;
}

/** A community page or an article: its tags, and a schema.org Article saying who publishes it and when it was last reviewed. */
export function articlePageMeta({
  dateModified,
  ...page
}: Omit<PageMetaInput, "type" | "jsonLd"> & { dateModified?: string }): MetaDescriptor[] {
  const { root } = page;
  const jsonLd = root && {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: page.title,
    description: page.description,
    url: `${root.canonicalBase ?? root.siteUrl}${page.path}`,
    ...(dateModified ? { dateModified } : {}),
    publisher: { "@type": "Organization", name: root.siteName, url: root.siteUrl },
  };
  return pageMeta({ ...page, type: "article", jsonLd });
}

/** The <link> that lets browsers and feed readers find a news feed from a page: the feed in the page's language. */
export const feedLink = (href: string, title: string, root: RootMetaData | undefined): MetaDescriptor => ({
  tagName: "link",
  rel: "alternate",
  type: "application/atom+xml",
  href: `${root?.localPrefix ?? ""}${href}`,
  title,
});
