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

/**
 * The browser loads every module the root route imports statically on any hydrated page, so they ship as one
 * chunk: the contact form once fetched 22 files of a few hundred bytes each, and their headers cost as much
 * as a tenth of its JavaScript. Route modules and what only some routes use keep their own chunks. Merging the
 * form pages' own modules too (seven files into one or two, 2026-11-28) sent 3 KB less, but Lighthouse's
 * simulated slow network then put /fa/contact's largest paint later (1.5 s → 1.8–2.0 s, performance 100 → 99,
 * in three sets of five runs each way), so they stay apart.
 */
function rootModulesInOneChunk(): Plugin {
  const root = `${new URL("./app/root.tsx", import.meta.url).pathname}?__react-router-build-client-route`;
  return {
    name: "root-modules-in-one-chunk",
    applyToEnvironment: (environment) => environment.name === "client",
    outputOptions(options) {
      let reachable: Set<string> | null = null;
      return {
        ...options,
        codeSplitting: {
          groups: [
            {
              name(id, context) {
                if (!reachable) {
                  reachable = new Set();
                  const queue = [root];
                  while (queue.length) {
                    for (const next of context.getModuleInfo(queue.pop()!)?.importedIds ?? []) {
                      if (reachable.has(next)) continue;
                      reachable.add(next);
                      queue.push(next);
                    }
                  }
                }
                return reachable.has(id) && !context.getModuleInfo(id)?.isEntry ? "shell" : null;
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
