// Shared by `npm start`, `npm run dev` and the end-to-end tests: local secrets and the local D1.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, readFileSync } from "node:fs";
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

// Always React's production build: under vitest (the e2e setup) NODE_ENV is "test", which would give
// the development build, with StrictMode's doubled effects and several times the render cost.
export function buildWeb() {
  run("vite", ["build", "--logLevel", "warn"], { NODE_ENV: "production" });
}

// Starts the real Worker under `wrangler dev` with a throwaway local state (D1, R2, Queues, DOs),
// secrets from .dev.vars.example overridden by `vars`. Used by the e2e tests and the benchmark.
// A port nobody listens on, so parallel runs (tests, benchmark) do not collide.
export async function freePort() {
  const net = await import("node:net");
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

// beforeStart({ persist, vars }) runs after the migrations and before wrangler starts, e.g. to seed the database.
// assetsDir serves another build of the web app than dist/web (the benchmark's production build).
// logFile keeps wrangler's output (requests, queue batches, the Worker's console) in that file instead of
// the terminal, each line with the time it was written, so that a failed test can be read against it.
// benchmark: true starts a server for the benchmark to measure, without two costs of the local dev tool
// that no deployed Worker pays, both on workerd's one thread: wrangler's local trace collector
// (X_LOCAL_OBSERVABILITY), which records every request, subrequest and binding call into a SQLite
// store, and the disk under the local D1 and Durable Object storage, whose SQLite files then live on
// tmpfs (/dev/shm, where the machine has it) instead of waiting on this machine's disk.
// The tmpfs a benchmark server keeps its state on, or null where the machine has none.
export const memoryStateRoot = () => (existsSync("/dev/shm") ? "/dev/shm" : null);
export async function startLocalServer({ port, vars = {}, buildWebFirst = true, logLevel = "warn", logFile, beforeStart, assetsDir, benchmark = false }) {
  port ??= await freePort();
  const { spawn } = await import("node:child_process");
  const { mkdtempSync, rmSync, writeFileSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const baseUrl = `http://localhost:${port}`;
  const stateRoot = (benchmark && memoryStateRoot()) || tmpdir();
  const work = mkdtempSync(path.join(stateRoot, "agentbot-local-"));
  const persist = path.join(work, "state");
  const values = { ...readEnvFile(path.join(root, ".dev.vars.example")), PUBLIC_BASE_URL: baseUrl, ...vars };
  const envFile = path.join(work, "local.env");
  writeFileSync(envFile, Object.entries(values).map(([k, v]) => `${k}="${v}"`).join("\n"));
  if (buildWebFirst) buildWeb();
  applyMigrations(persist);
  if (beforeStart) {
    try {
      await beforeStart({ persist, vars: values });
    } catch (err) {
      rmSync(work, { recursive: true, force: true });
      throw err;
    }
  }
  const server = spawn(
    bin("wrangler"),
    ["dev", "--port", String(port), "--ip", "127.0.0.1", "--persist-to", persist, "--env-file", envFile, "--test-scheduled", "--show-interactive-dev-session=false", "--log-level", logLevel, ...(assetsDir ? ["--assets", assetsDir] : [])],
    { cwd: root, stdio: ["ignore", logFile ? "pipe" : "inherit", logFile ? "pipe" : "inherit"], detached: true, env: toolEnv(benchmark ? { X_LOCAL_OBSERVABILITY: "false" } : {}) },
  );
  const logPath = logFile && path.resolve(root, logFile);
  if (logPath) await timestampLines([server.stdout, server.stderr], logPath);
  const seeLog = logPath ? ` (its output is in ${logPath})` : "";
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`wrangler dev exited with ${server.exitCode}${seeLog}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).status < 500) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`wrangler dev did not answer on ${baseUrl}${seeLog}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    baseUrl,
    persist,
    vars: values,
    stop() {
      try {
        process.kill(-server.pid, "SIGTERM");
      } catch {
        server.kill("SIGTERM");
      }
      rmSync(work, { recursive: true, force: true });
    },
  };
}

// Writes every line of the streams to the file (started anew), after the time it arrived (UTC, to the ms).
async function timestampLines(streams, file) {
  const { createWriteStream, mkdirSync } = await import("node:fs");
  const readline = await import("node:readline");
  mkdirSync(path.dirname(file), { recursive: true });
  const out = createWriteStream(file);
  for (const input of streams) readline.createInterface({ input }).on("line", (line) => out.write(`${new Date().toISOString()} ${line}\n`));
}

export function readEnvFile(file) {
  const values = {};
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const m = /^([A-Z_]+)="?(.*?)"?$/.exec(line.trim());
    if (m) values[m[1]] = m[2];
  }
  return values;
}
