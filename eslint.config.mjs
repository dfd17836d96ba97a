// The lint keeps the codebase's boundaries (README, "Layout"); `npm test` runs it before the suites.
import path from "node:path";
import tseslint from "typescript-eslint";
import { IMPORT_ALIASES } from "./aliases.mjs";

const root = import.meta.dirname;
const rel = (file) => path.relative(root, file).split(path.sep).join("/");

/** The repository path an import points at, or null for a package. */
function importedPath(fromFile, specifier) {
  if (specifier.startsWith(".")) return rel(path.resolve(path.dirname(fromFile), specifier));
  for (const [alias, dir] of Object.entries(IMPORT_ALIASES)) {
    if (specifier === alias || specifier.startsWith(`${alias}/`)) return rel(path.join(dir, specifier.slice(alias.length)));
  }
  return null;
}

const featureOf = (file) => /^web\/features\/([^/]+)\//.exec(`${file}/`)?.[1] ?? null;
const isDrizzle = (specifier) => specifier === "drizzle-orm" || specifier.startsWith("drizzle-orm/");
// SQL lives in each feature's repo.ts and in worker/db (schema, client, batches).
const mayUseDrizzle = (file) => file.endsWith("/repo.ts") || file.startsWith("worker/db/");

/** The three rules, on every import and re-export (static and dynamic). */
function checkImport(context, node, specifier) {
  const file = rel(context.filename);
  if (file.startsWith("worker/") && isDrizzle(specifier) && !mayUseDrizzle(file)) {
    context.report({ node, messageId: "drizzle" });
    return;
  }
  const target = importedPath(context.filename, specifier);
  if (target === null) return;
  if (file.startsWith("src/shared/") && (target.startsWith("worker/") || target.startsWith("web/"))) {
    context.report({ node, messageId: "shared", data: { target } });
    return;
  }
  const from = featureOf(file);
  const to = featureOf(target);
  if (from && to && from !== to) context.report({ node, messageId: "feature", data: { from, to } });
}

const boundaries = {
  rules: {
    imports: {
      meta: {
        type: "problem",
        messages: {
          drizzle: "drizzle-orm is used only in a feature's repo.ts or in worker/db: move this query into a repo.",
          shared: "src/shared is imported by the worker and the web app, so it imports neither ({{target}}).",
          feature: "web/features/{{from}} imports web/features/{{to}}: move what both use to web/components or web/lib.",
        },
        schema: [],
      },
      create(context) {
        const check = (node) => {
          if (node.source && typeof node.source.value === "string") checkImport(context, node.source, node.source.value);
        };
        return {
          ImportDeclaration: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
          ImportExpression: check,
        };
      },
    },
  },
};

export default [
  { ignores: ["node_modules/**", "dist/**", ".wrangler/**", "test-results/**", "bench/**", "scripts/**", "worker/env.d.ts", ".tsbuild/**"] },
  {
    files: ["worker/**/*.ts", "src/**/*.ts", "web/**/*.{ts,tsx}"],
    languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    plugins: { boundaries },
    rules: { "boundaries/imports": "error" },
  },
];
