// ESLint flat config: typescript-eslint's recommended rules (without type information, so a run stays short),
// with `any` and unused names as errors and every `eslint-disable` comment required to still be needed.
// Formatting is prettier's job (.prettierrc.json); import cycles and layering are checked by
// test/unit/architecture/import-graph.test.ts. `npm test` runs it, and prettier's check, before anything else.
const { defineConfig } = require("eslint/config");
const tseslint = require("typescript-eslint");

module.exports = defineConfig(
  { ignores: ["dist/", "**/cdktf.out/", "**/.gen/", "**/node_modules/"] },
  { linterOptions: { reportUnusedDisableDirectives: "error" } },
  tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      // A leading underscore marks a name kept on purpose (a parameter an interface requires, a property dropped
      // from a copy by destructuring).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Type tests: tsc checks them and nothing runs them, so a bare expression (under `@ts-expect-error`) is the
    // assertion and a value may exist only to have its type read.
    files: ["test/types/**/*.ts"],
    rules: { "@typescript-eslint/no-unused-expressions": "off", "@typescript-eslint/no-unused-vars": "off" },
  },
  {
    // Plain Node scripts are CommonJS: require() is how they import.
    files: ["**/*.js"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
);
