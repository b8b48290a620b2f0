import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

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
  { files: ["**/*.{js,mjs}"], languageOptions: { globals: globals.node } },
  // Playwright fixtures call `use()`, which is not React's hook.
  { files: ["tests/**/*.ts"], rules: { "react-hooks/rules-of-hooks": "off" } },
  { files: ["app/enhance/**/*.ts"], languageOptions: { globals: globals.browser } },
);
