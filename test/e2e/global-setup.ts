import type { TestProject } from "vitest/node";
import { startLocalServer } from "../../scripts/local-env.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    adminEmail: string;
    adminPassword: string;
  }
}

// The real Worker under `wrangler dev` with a throwaway local D1/R2/Queues and the offline model.
export default async function setup(project: TestProject) {
  // Its output, every request and queue batch included, goes to test-results/e2e-server.log (see
  // scripts/test-totals.mjs, which prints a failed file's part of it).
  const server = await startLocalServer({ vars: { OPENAI_API_KEY: "" }, logLevel: "log", logFile: "test-results/e2e-server.log" });
  project.provide("baseUrl", server.baseUrl);
  project.provide("adminEmail", server.vars.ADMIN_EMAIL!);
  project.provide("adminPassword", server.vars.ADMIN_PASSWORD!);
  return () => server.stop();
}
