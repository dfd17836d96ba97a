// `npm run dev`: the Worker on :8787 (wrangler dev) and the web app with hot reload on :5173 (Vite proxies /api).
import { spawn } from "node:child_process";
import path from "node:path";
import { buildWeb, root, toolEnv } from "./local-env.mjs";

// wrangler dev refuses to start without the assets directory, so build it once first.
buildWeb();
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const children = [
  spawn(bin("wrangler"), ["dev", "--port", "8787", "--test-scheduled"], { cwd: root, stdio: "inherit", env: toolEnv() }),
  spawn(bin("vite"), ["--port", "5173"], { cwd: root, stdio: "inherit", env: toolEnv() }),
];
console.log("\nAgentBot Pro: open http://localhost:5173 (hot reload) or http://localhost:8787\n");
const stop = () => children.forEach((c) => c.kill("SIGTERM"));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", (code) => { stop(); process.exitCode = code ?? 0; });
