import { href } from "react-router";
import type { Route } from "./+types/opensearch[.]xml";
import { appContext } from "~/context.server";
import { CACHE_CONTROL } from "~/lib/http";

const xmlText = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/**
 * The OpenSearch description every page links to, so a browser can offer the site's search from its address
 * bar. The short name is limited to 16 characters by the specification.
 */
export function loader({ context }: Route.LoaderArgs) {
  const { content } = context.get(appContext);
  const { siteUrl } = context.get(appContext);
  const { name, shortName } = content.site.organization;
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/">
  <ShortName>${xmlText(shortName.slice(0, 16))}</ShortName>
  <Description>${xmlText(`Search the pages of ${name}`)}</Description>
  <InputEncoding>UTF-8</InputEncoding>
  <Image type="image/svg+xml">${xmlText(`${siteUrl}/favicon.svg`)}</Image>
  <Url type="text/html" method="get" template="${xmlText(`${siteUrl}${href("/search")}?q={searchTerms}`)}"/>
  <Url type="application/opensearchdescription+xml" rel="self" template="${xmlText(`${siteUrl}${href("/opensearch.xml")}`)}"/>
</OpenSearchDescription>
`;
  return new Response(xml, {
    headers: { "Content-Type": "application/opensearchdescription+xml; charset=utf-8", "Cache-Control": CACHE_CONTROL.page },
  });
}
