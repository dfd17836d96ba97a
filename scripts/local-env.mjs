// Shared by `npm start`, `npm run dev` and the end-to-end tests: local secrets and the local D1.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync } from "node:fs";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);

export function ensureDevVars() {
  const target = path.join(root, ".dev.vars");
  if (!existsSync(target)) {
    copyFileSync(path.join(root, ".dev.vars.example"), target);
    console.log("Created .dev.vars from .dev.vars.example");
  }
}

// node_modules/.bin first on PATH, so tools started from here also run on the project's Node 22.
export const toolEnv = (extra = {}) => ({
  ...process.env,
  PATH: `${path.join(root, "node_modules", ".bin")}${path.delimiter}${process.env.PATH ?? ""}`,
  WRANGLER_SEND_METRICS: "false",
  ...extra,
});

export function run(name, args, extraEnv = {}) {
  const result = spawnSync(bin(name), args, { cwd: root, stdio: "inherit", env: toolEnv(extraEnv) });
  if (result.status !== 0) {
    console.error(`${name} ${args.join(" ")} failed`);
    process.exit(result.status ?? 1);
  }
}

// --persist-to lets the e2e tests use a throwaway database; CI=true answers wrangler's confirmation.
export function applyMigrations(persistTo) {
  const extra = persistTo ? ["--persist-to", persistTo] : [];
  run("wrangler", ["d1", "migrations", "apply", "agentbot", "--local", ...extra], { CI: "true" });
}

export function buildWeb() {
  run("vite", ["build", "--logLevel", "warn"]);
}
