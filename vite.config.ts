import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { buildSiteContent } from "./app/content/collections.server";
import { readContentFiles } from "./app/content/read-files.server";

/** Fails the build, naming the file and field, when a content file is invalid. */
function validateContent(): Plugin {
  return {
    name: "validate-content",
    buildStart() {
      buildSiteContent(readContentFiles(new URL("./app/content", import.meta.url).pathname));
    },
  };
}

/** Every module `from` imports, directly or not. */
function reachableFrom(from: string[], moduleInfo: (id: string) => { importedIds: readonly string[] } | null) {
  const reachable = new Set<string>();
  const queue = [...from];
  while (queue.length) {
    for (const next of moduleInfo(queue.pop()!)?.importedIds ?? []) {
      if (reachable.has(next)) continue;
      reachable.add(next);
      queue.push(next);
    }
  }
  return reachable;
}

/**
 * The browser loads every module the root route imports statically on any hydrated page, so they ship as one
 * chunk: the contact form once fetched 22 files of a few hundred bytes each, and their headers cost as much
 * as a tenth of its JavaScript. Likewise what the form pages (the routes that import app/forms/form-page.ts)
 * import beyond it: one "forms" chunk rather than six files for fields, their rules and their parts, about
 * 400 bytes of headers each (the form pages' budget is 120 KB, issue 34). Route modules, and what other
 * routes alone use, keep their own chunks.
 */
function rootModulesInOneChunk(): Plugin {
  const root = `${new URL("./app/root.tsx", import.meta.url).pathname}?__react-router-build-client-route`;
  const formPage = new URL("./app/forms/form-page.ts", import.meta.url).pathname;
  return {
    name: "root-modules-in-one-chunk",
    applyToEnvironment: (environment) => environment.name === "client",
    outputOptions(options) {
      let groups: { shell: Set<string>; forms: Set<string> } | null = null;
      return {
        ...options,
        codeSplitting: {
          groups: [
            {
              name(id, context) {
                if (!groups) {
                  const info = (module: string) => context.getModuleInfo(module);
                  const shell = reachableFrom([root], info);
                  const forms = [...reachableFrom([...(info(formPage)?.importers ?? [])], info)].filter((m) => !shell.has(m));
                  groups = { shell, forms: new Set(forms) };
                }
                if (context.getModuleInfo(id)?.isEntry) return null;
                return groups.shell.has(id) ? "shell" : groups.forms.has(id) ? "forms" : null;
              },
            },
          ],
        },
      };
    },
  };
}

/**
 * React Router names every entry of the server build `index.js`; the front thread's entry must be found by name
 * (server/front-thread.ts starts build/server/front.js).
 */
function frontThreadEntry(): Plugin {
  return {
    name: "front-thread-entry",
    applyToEnvironment: (environment) => environment.name === "ssr",
    outputOptions: (options) => ({
      ...options,
      entryFileNames: (chunk) =>
        chunk.name === "front"
          ? "front.js"
          : typeof options.entryFileNames === "function"
            ? options.entryFileNames(chunk)
            : (options.entryFileNames ?? "index.js"),
    }),
  };
}

export default defineConfig(() => ({
  // The server build's entries: our Express app, which wraps the React Router request handler (index.js), and
  // the front thread that answers kept pages (front.js, server/front-thread.ts starts it).
  environments: { ssr: { build: { rollupOptions: { input: { index: "./server/app.ts", front: "./server/front.ts" } } } } },
  // Bundled into the server so that only the five icons the footer uses are kept: the whole set is 14 MB of heap.
  ssr: { noExternal: ["simple-icons"] },
  resolve: { tsconfigPaths: true },
  plugins: [validateContent(), tailwindcss(), reactRouter(), rootModulesInOneChunk(), frontThreadEntry()],
}));
