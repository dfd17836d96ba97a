import { defineConfig } from "vitest/config";
import { IMPORT_ALIASES } from "./aliases.mjs";

// Browser end-to-end tests: the real Worker under `wrangler dev` with a throwaway local D1/R2,
// driven through Debian's Chromium by playwright-core.
export default defineConfig({
  resolve: { alias: IMPORT_ALIASES },
  test: {
    include: ["test/e2e/**/*.e2e.ts"],
    globalSetup: ["./test/e2e/global-setup.ts"],
    fileParallelism: false,
    testTimeout: 60_000,
    // expect.poll waits as long as a locator does (newPage sets 15 s): 1 s is too short on a loaded machine.
    expect: { poll: { timeout: 15_000, interval: 100 } },
    hookTimeout: 180_000,
    reporters: ["default", "json"],
    outputFile: { json: "test-results/e2e.json" },
  },
});
