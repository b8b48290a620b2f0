/** A content file's text as its YAML front matter, edited in place so its layout stays, and its Markdown body. */
import { parseDocument, type Document } from "yaml";

export function splitFile(source: string): { frontMatter: Document; frontMatterText: string; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) throw new Error("a content file without front matter");
  return { frontMatter: parseDocument(match[1]!), frontMatterText: `${match[1]!}\n`, body: match[2]!.trim() };
}

/** `lineWidth: 0` puts each value on one line (see history.server.ts). */
export const joinFile = (frontMatter: Document | string, body: string, options?: { lineWidth: number }) =>
  `---\n${typeof frontMatter === "string" ? frontMatter : frontMatter.toString(options)}---\n${body ? `\n${body}\n` : ""}`;
