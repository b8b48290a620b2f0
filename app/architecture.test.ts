/**
 * The layers of docs/architecture.md hold because lint refuses an import that points up, or a path written by hand;
 * and the renderer stays the one that leaves async hooks off.
 */
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: `${__dirname}/..` });
const problems = async (file: string, code: string) =>
  (await eslint.lintText(code, { filePath: `${__dirname}/${file}` }))[0]!.messages.map((m) => `${m.ruleId}: ${m.message}`);

describe("lint keeps the layers", () => {
  it("refuses an import from a layer above: lib from components, a domain from the routes, db from a domain", async () => {
    expect(await problems("lib/example.ts", 'import { Picture } from "~/components/ui/Picture";\nexport const x = Picture;\n')).toEqual([
      expect.stringMatching(/^boundaries\/dependencies: .*"lib" to elements of type "components"/),
    ]);
    expect(await problems("forms/example.ts", 'import { appContext } from "~/context.server";\nexport const x = appContext;\n')).toEqual([
      expect.stringMatching(/^boundaries\/dependencies: .*"forms" to elements of type "routes"/),
    ]);
    expect(await problems("../db/example.ts", 'import { STAFF_HOME } from "../app/staff/inbox";\nexport const x = STAFF_HOME;\n')).toEqual([
      expect.stringMatching(/^boundaries\/dependencies: .*"db" to elements of type "staff"/),
    ]);
  });

  it("allows the imports that point down, and between domains only in their order", async () => {
    expect(await problems("routes/example.ts", 'import { STAFF_HOME } from "~/staff/inbox";\nexport const x = STAFF_HOME;\n')).toEqual([]);
    expect(
      await problems("staff/example.ts", 'import { contactForm } from "~/forms/definitions";\nexport const x = contactForm;\n'),
    ).toEqual([]);
    expect(await problems("forms/example.ts", 'import { STAFF_HOME } from "~/staff/inbox";\nexport const x = STAFF_HOME;\n')).toEqual([
      expect.stringMatching(/"forms" to elements of type "staff"/),
    ]);
  });

  it("refuses a bare path of the staff area or of a public page; one built with href() from the route table is fine", async () => {
    const code = [
      'import { href } from "react-router";',
      'export const a = "/admin/news";',
      'export const b = href("/admin/news");',
      'export const c = `/communities/${"yazidis"}`;',
      'export const d = href("/communities/:community", { community: "yazidis" });',
      // Not a page of the route table: built files, and a page's own anchor.
      'export const e = "/images/generated/x.webp";',
      'export const f = "/aboutness";',
    ].join("\n");
    expect(await problems("components/example.ts", `${code}\n`)).toEqual([
      expect.stringMatching(/^no-restricted-syntax: Build paths with href\(\)/),
      expect.stringMatching(/^no-restricted-syntax: Build paths with href\(\)/),
    ]);
  });

  it("refuses React's Node stream renderer, whose AsyncLocalStorage slows every request after the first render", async () => {
    const code = 'import { renderToPipeableStream } from "react-dom/server";\nexport const x = renderToPipeableStream;\n';
    expect(await problems("entry.server.tsx", code)).toEqual([expect.stringMatching(/^no-restricted-imports: .*react-dom\/server\.edge/)]);
    const edge = 'import { renderToReadableStream } from "react-dom/server.edge";\nexport const x = renderToReadableStream;\n';
    expect(await problems("entry.server.tsx", edge)).toEqual([]);
  });
});
