/** A content file's text as its YAML front matter, edited in place so its layout stays, and its Markdown body. */
import { parseDocument, type Document } from "yaml";

export function splitFile(source: string): { frontMatter: Document; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) throw new Error("a content file without front matter");
  return { frontMatter: parseDocument(match[1]!), body: match[2]!.trim() };
}

export const joinFile = (frontMatter: Document, body: string) => `---\n${frontMatter.toString()}---\n\n${body}\n`;
