import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { applyMigrations, buildWeb, root, toolEnv } from "../../scripts/local-env.mjs";

const PORT = 8797;

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    adminEmail: string;
    adminPassword: string;
  }
}

function readEnvFile(file: string) {
  const values: Record<string, string> = {};
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const m = /^([A-Z_]+)="?(.*?)"?$/.exec(line.trim());
    if (m) values[m[1]!] = m[2]!;
  }
  return values;
}

async function waitForServer(url: string, server: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`wrangler dev exited with ${server.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`wrangler dev did not answer on ${url} within ${timeoutMs} ms`);
}

export default async function setup(project: TestProject) {
  const baseUrl = `http://localhost:${PORT}`;
  const work = mkdtempSync(path.join(tmpdir(), "agentbot-e2e-"));
  const persist = path.join(work, "state");
  const vars = { ...readEnvFile(path.join(root, ".dev.vars.example")), PUBLIC_BASE_URL: baseUrl, OPENAI_API_KEY: "" };
  const envFile = path.join(work, "e2e.env");
  writeFileSync(envFile, Object.entries(vars).map(([k, v]) => `${k}="${v}"`).join("\n"));

  buildWeb();
  applyMigrations(persist);
  const server = spawn(
    path.join(root, "node_modules", ".bin", "wrangler"),
    ["dev", "--port", String(PORT), "--ip", "127.0.0.1", "--persist-to", persist, "--env-file", envFile, "--test-scheduled", "--show-interactive-dev-session=false", "--log-level", "warn"],
    { cwd: root, stdio: ["ignore", "inherit", "inherit"], detached: true, env: toolEnv() },
  );
  await waitForServer(`${baseUrl}/api/health`, server, 120_000);

  project.provide("baseUrl", baseUrl);
  project.provide("adminEmail", vars.ADMIN_EMAIL!);
  project.provide("adminPassword", vars.ADMIN_PASSWORD!);

  return () => {
    try {
      process.kill(-server.pid!, "SIGTERM");
    } catch {
      server.kill("SIGTERM");
    }
    rmSync(work, { recursive: true, force: true });
  };
}
