import { createHash } from "node:crypto";
import { Parser } from "htmlparser2";

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("base64");

interface RenderedPageFacts {
  /** sha256 of every inline script's and style's text, exactly as written: what a CSP allows them by. */
  inlineCode: { scripts: string[]; styles: string[] };
  /** Path and query of the page's canonical URL, if it names one. */
  canonicalPath: string | null;
  /**
   * The other origins the page's markup would load from once a visitor allows an embed, templates included:
   * its iframes' addresses, and its scripts' (a `<script src>`, or a click-to-load placeholder's `data-embed-script`).
   */
  embedOrigins: { frames: string[]; scripts: string[] };
}

const originOf = (address: string | undefined): string | null => {
  if (!address || !/^https:\/\//i.test(address)) return null;
  return URL.canParse(address) ? new URL(address.replaceAll("&amp;", "&")).origin : null;
};

/** What the server needs to know of a page it rendered before it can share it. */
export function inspectRenderedPage(html: string): RenderedPageFacts {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  let canonicalPath: string | null = null;
  const frames = new Set<string>();
  const embedScripts = new Set<string>();
  let open: { hashes: Set<string>; text: string } | null = null;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const frame = originOf(name === "iframe" ? attributes.src : undefined);
        if (frame) frames.add(frame);
        for (const address of [name === "script" ? attributes.src : undefined, attributes["data-embed-script"]]) {
          const origin = originOf(address);
          if (origin) embedScripts.add(origin);
        }
        if (name === "style" || (name === "script" && attributes.src === undefined)) {
          open = { hashes: name === "style" ? styles : scripts, text: "" };
        } else if (name === "link" && attributes.rel === "canonical" && attributes.href && canonicalPath === null) {
          const url = new URL(attributes.href.replaceAll("&amp;", "&"), "http://canonical.invalid");
          canonicalPath = url.pathname + url.search;
        }
      },
      ontext(text) {
        if (open) open.text += text;
      },
      onclosetag(name) {
        if (open && (name === "script" || name === "style")) {
          open.hashes.add(sha256(open.text));
          open = null;
        }
      },
    },
    { decodeEntities: false },
  );
  parser.end(html);
  return {
    inlineCode: { scripts: [...scripts], styles: [...styles] },
    canonicalPath,
    embedOrigins: { frames: [...frames], scripts: [...embedScripts] },
  };
}
