/** Turns a content file's text into validated data, with errors that name the file and the field. */
import matter from "gray-matter";
import { parse as parseYaml } from "yaml";
import type { z } from "zod";

export class ContentError extends Error {
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(`${file}: ${message}`);
    this.name = "ContentError";
  }
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((i) => {
      const field = i.path.length ? i.path.join(".") : "(file)";
      if (i.code === "unrecognized_keys") return `unknown field(s) ${i.keys.join(", ")}${i.path.length ? ` in ${field}` : ""}`;
      return `${field}: ${i.message}`;
    })
    .join("; ");
}

export function validate<S extends z.ZodType>(file: string, schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success) throw new ContentError(file, describeIssues(result.error));
  return result.data;
}

export function parseYamlFile<S extends z.ZodType>(file: string, raw: string, schema: S): z.output<S> {
  let data: unknown;
  try {
    data = parseYaml(raw);
  } catch (err) {
    throw new ContentError(file, `YAML: ${(err as Error).message}`);
  }
  return validate(file, schema, data);
}

export function parseMarkdownFile<S extends z.ZodType>(file: string, raw: string, schema: S): { data: z.output<S>; body: string } {
  let parsed: matter.GrayMatterFile<string>;
  try {
    // A fresh options object bypasses gray-matter's cache, which would hide edits during development.
    parsed = matter(raw, {});
  } catch (err) {
    throw new ContentError(file, `front matter: ${(err as Error).message}`);
  }
  if (!raw.trimStart().startsWith("---")) throw new ContentError(file, "front matter: the file must start with ---");
  return { data: validate(file, schema, parsed.data), body: parsed.content.trim() };
}

/** Splits a Markdown body into its `## ` sections, keyed by heading text. */
export function splitSections(file: string, body: string): Record<string, string> {
  const sections: Record<string, string> = {};
  let current: string | null = null;
  const preamble: string[] = [];
  let lines: string[] = [];
  for (const line of body.split(/\r?\n/)) {
    const heading = /^##\s+(.+?)\s*$/.exec(line);
    if (heading && !line.startsWith("###")) {
      if (current !== null) sections[current] = lines.join("\n").trim();
      current = heading[1]!;
      if (current in sections) throw new ContentError(file, `section '## ${current}' appears twice`);
      lines = [];
    } else if (current === null) {
      preamble.push(line);
    } else {
      lines.push(line);
    }
  }
  if (current !== null) sections[current] = lines.join("\n").trim();
  if (preamble.join("").trim()) throw new ContentError(file, "text before the first '## ' section");
  return sections;
}
