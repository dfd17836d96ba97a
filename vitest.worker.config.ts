import { availableParallelism } from "node:os";
import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { IMPORT_ALIASES } from "./aliases.mjs";

const migrations = await readD1Migrations(path.join(import.meta.dirname, "migrations"));

export default defineConfig({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        // Outside services point at fake hosts; test/fakes intercepts fetch for them.
        bindings: {
          TEST_MIGRATIONS: migrations,
          PUBLIC_BASE_URL: "https://agentbot.test",
          TWILIO_API_BASE: "https://twilio.fake",
          TWILIO_CONTENT_BASE: "https://content.twilio.fake",
          OPENAI_BASE_URL: "https://openai.fake/v1",
          AIRTABLE_API_BASE: "https://airtable.fake",
          WEATHER_API_BASE: "https://weather.fake",
          ADMIN_EMAIL: "",
          ADMIN_PASSWORD: "",
          BOOTSTRAP_SANDBOX_ACCOUNT: "false",
          PASSWORD_PEPPER: "test-pepper",
          ENCRYPTION_KEY: "dGVzdC1lbmNyeXB0aW9uLWtleS0zMi1ieXRlcyEhISE=",
          OPENAI_API_KEY: "",
          AI_REPLY_DEBOUNCE_MS: "300",
          TWILIO_SENDER_MPS: "80",
          // `npm run eval:agent` with OPENAI_API_KEY set runs the agent scenarios against that endpoint.
          AGENT_EVAL_OPENAI_API_KEY: process.env.AGENT_EVAL === "1" ? (process.env.OPENAI_API_KEY ?? "") : "",
          AGENT_EVAL_OPENAI_BASE_URL: process.env.OPENAI_BASE_URL ?? "",
          AGENT_EVAL_MODEL: process.env.AGENT_EVAL_MODEL ?? "gpt-4o-mini",
          AGENT_EVAL_RUNS: process.env.AGENT_EVAL_RUNS ?? "",
        },
      },
    }),
  ],
  resolve: { alias: IMPORT_ALIASES },
  test: {
    include: ["test/worker/**/*.test.ts"],
    // Vitest's default in a run is one file at a time on a 2-core machine; a file's worker waits on
    // workerd half the time, so two at once keep both cores busy (in CI: 9.6 min down to 6.2).
    maxWorkers: availableParallelism(),
    setupFiles: ["./test/worker/setup.ts"],
    testTimeout: 30_000,
    reporters: ["default", "json"],
    outputFile: { json: "test-results/worker.json" },
  },
});
