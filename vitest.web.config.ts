import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react()],
  test: {
    include: ["test/web/**/*.test.{ts,tsx}"],
    environment: "jsdom",
    setupFiles: ["./test/web/setup.ts"],
    restoreMocks: true,
    reporters: ["default", "json"],
    outputFile: { json: "test-results/web.json" },
  },
});
