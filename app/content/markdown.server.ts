import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";

/** The inline HTML that content may carry (docs/product.md, "Pages": bold, links, lists…); everything else is removed. */
const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: ["p", "a", "strong", "em", "b", "i", "ul", "ol", "li", "h2", "h3", "h4", "blockquote", "br", "abbr", "cite", "q", "small"],
  allowedAttributes: { a: ["href", "target", "rel", "hreflang"], abbr: ["title"] },
  allowedSchemes: ["https", "http", "mailto"],
  allowProtocolRelative: false,
  transformTags: {
    // Links to other sites open in a new tab without giving that site a handle on this one.
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const href = attribs.href ?? "";
      const external: sanitizeHtml.Attributes = /^https?:\/\//i.test(href) ? { target: "_blank", rel: "noopener noreferrer" } : {};
      return { tagName, attribs: { href, ...external } };
    },
  },
};

const marked = new Marked({ gfm: true, breaks: false, async: false });

function sanitize(html: string): string {
  return sanitizeHtml(html, sanitizeOptions);
}

/** Markdown (with the small inline HTML allowed) to safe HTML. */
export function renderMarkdown(markdown: string): string {
  return sanitize(marked.parse(markdown, { async: false }) as string);
}

/** Markdown for a single line: no wrapping <p>. */
export function renderInlineMarkdown(markdown: string): string {
  return sanitize(marked.parseInline(markdown, { async: false }) as string);
}

/** Tokens the server fills in when it serves the page, from its configuration (RETENTION_DAYS…), not at build. */
export const RUNTIME_TOKENS = ["retentionDays", "spamDays"] as const;
export type RuntimeTokens = Record<(typeof RUNTIME_TOKENS)[number], string>;

/**
 * A setting's value as literal text inside Markdown: what staff type as a name or an address shows as typed,
 * its markup characters neither formatting the page nor becoming HTML.
 */
export const markdownText = (value: string) =>
  value.replace(/[\\`*_[\]()#!|~]/g, (c) => `\\${c}`).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** Replaces {{organization}}-style tokens with settings values, so an org rename is one edit. */
export function fillTokens(text: string, tokens: Record<string, string>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, key: string) => tokens[key] ?? match);
}
