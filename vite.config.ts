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

export default defineConfig(() => ({
  // The server build's entry is our Express app, which wraps the React Router request handler.
  environments: { ssr: { build: { rollupOptions: { input: "./server/app.ts" } } } },
  // Bundled into the server so that only the five icons the footer uses are kept: the whole set is 14 MB of heap.
  ssr: { noExternal: ["simple-icons"] },
  resolve: { tsconfigPaths: true },
  plugins: [validateContent(), tailwindcss(), reactRouter()],
}));
