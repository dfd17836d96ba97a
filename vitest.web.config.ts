import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { IMPORT_ALIASES } from "./aliases.mjs";

export default defineConfig({
  plugins: [react()],
  resolve: { alias: IMPORT_ALIASES },
  test: {
    include: ["test/web/**/*.test.{ts,tsx}", "test/lint/**/*.test.ts"],
    environment: "jsdom",
    setupFiles: ["./test/web/setup.ts"],
    restoreMocks: true,
    reporters: ["default", "json"],
    outputFile: { json: "test-results/web.json" },
  },
});
