import { readFileSync } from "node:fs";
import js from "@eslint/js";
import boundaries from "eslint-plugin-boundaries";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The first segment of every path in the route table (app/routes.ts): the public pages', then "admin" for the
 * staff area. A string that starts with one of them is a path written by hand.
 */
const ROUTE_TABLE = readFileSync(new URL("./app/routes.ts", import.meta.url), "utf8");
const PATH_ROOTS = [
  ...new Set([...ROUTE_TABLE.split('prefix("admin"')[0].matchAll(/route\("([^"/:*]+)/g)].map((m) => m[1].replace(/\./g, "\\."))),
  "admin",
].join("|");

/**
 * The layers, top to bottom (docs/architecture.md). A module may import from its own layer and from any
 * layer below it, never from one above. The domains are ordered among themselves too, so no two of them
 * can come to need each other.
 */
/** Tailwind classes that name a physical side, with any variant prefix (`sm:`, `hover:`) before them. */
const PHYSICAL_CLASSES =
  "(^|[\\s:])-?(m[lr]|p[lr]|left|right|border-[lr]|rounded-[lr]|rounded-[tb][lr]|text-(left|right)|float-(left|right)|scroll-[mp][lr])(-|\\s|$)";

/** Paths are built from the route table, so that a renamed route is followed (a rule for .ts and .tsx alike). */
const PATHS_FROM_ROUTE_TABLE = {
  selector: `Literal[value=/^\\/(${PATH_ROOTS})(?![\\w-])/]:not(CallExpression[callee.name='href'] > Literal), TemplateElement[value.raw=/^\\/(${PATH_ROOTS})(?![\\w-])/]`,
  message: "Build paths with href() from the route table (app/routes.ts).",
};

const LAYERS = [
  ["server", "server"],
  ["routes", "app/routes"],
  ["components", "app/components"],
  ["search", "app/search"],
  ["news", "app/news"],
  ["content", "app/content"],
  ["staff", "app/staff"],
  ["forms", "app/forms"],
  // The languages and their interface text (issue 34): every layer above may speak them.
  ["i18n", "app/i18n"],
  ["lib", "app/lib"],
  ["db", "db"],
];

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      "node_modules/",
      "data/",
      "public/images/generated/",
      "test-results/",
      "playwright-report/",
      "*.tmp.mjs",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "server/**/*.{ts,tsx}", "db/**/*.ts"],
    ignores: ["**/*.test.ts"],
    plugins: { boundaries },
    settings: {
      "import/resolver": { typescript: { project: "./tsconfig.json" } },
      "boundaries/elements": [
        ...LAYERS.map(([type, pattern]) => ({ type, pattern, partialMatch: false })),
        { type: "enhance", pattern: "app/enhance", partialMatch: false },
        // The route table, the document and the request context sit at the top of the app, with the routes.
        { type: "routes", pattern: "app", partialMatch: false },
      ],
    },
    rules: {
      "boundaries/dependencies": [
        "error",
        {
          default: "disallow",
          policies: [
            ...LAYERS.map(([type], i) => ({
              from: { element: { type } },
              allow: { to: { element: { types: { anyOf: LAYERS.slice(i).map(([t]) => t) } } } },
            })),
            { from: { element: { type: "enhance" } }, allow: { to: { element: { type: "enhance" } } } },
          ],
        },
      ],
    },
  },
  {
    // Paths are built from the route table (app/routes.ts) with React Router's typed href(), which
    // TypeScript checks against it; a bare "/about" or "/admin…" string would not follow a renamed route.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "db/**/*.ts"],
    ignores: ["app/routes.ts", "**/*.test.ts"],
    rules: {
      "no-restricted-syntax": ["error", PATHS_FROM_ROUTE_TABLE],
    },
  },
  {
    // Right-to-left pages (issue 34) mirror only what is written with logical properties: ms-/me-, ps-/pe-,
    // start/end, border-s, rounded-s. A physical class would stay on the left in Arabic, Persian and Sorani.
    files: ["app/**/*.tsx"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        PATHS_FROM_ROUTE_TABLE,
        {
          selector: `JSXAttribute[name.name='className'] Literal[value=/${PHYSICAL_CLASSES}/], JSXAttribute[name.name='className'] TemplateElement[value.raw=/${PHYSICAL_CLASSES}/]`,
          message:
            "Use logical classes (ms-/me-, ps-/pe-, start-/end-, text-start/end, border-s/e, rounded-s/e) so right-to-left pages mirror.",
        },
      ],
    },
  },
  {
    // On Node 20, React's Node stream renderer runs each render in an AsyncLocalStorage, which switches on async
    // hooks for the whole process: every request after the first render pays for them (decision 007).
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "react-dom/server",
              importNames: ["renderToPipeableStream", "renderToReadableStream"],
              message: "Stream pages with renderToReadableStream from react-dom/server.edge, which needs no AsyncLocalStorage.",
            },
          ],
        },
      ],
    },
  },
  {
    // A component that imports React's server renderer ships it (about 60 KB compressed) to every page that
    // hydrates, as ClickToLoad once did to the whole staff area.
    files: ["app/components/**/*.tsx", "app/routes/**/*.tsx"],
    ignores: ["**/*.server.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "react-dom/server",
              message: "Render markup on the server only (entry.server.tsx, *.server.ts), never in a component.",
            },
          ],
        },
      ],
    },
  },
  { files: ["**/*.{js,mjs}"], languageOptions: { globals: globals.node } },
  // Playwright fixtures call `use()`, which is not React's hook.
  { files: ["tests/**/*.ts"], rules: { "react-hooks/rules-of-hooks": "off" } },
  { files: ["app/enhance/**/*.ts"], languageOptions: { globals: globals.browser } },
);
