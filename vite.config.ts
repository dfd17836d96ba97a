import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig, type ProxyOptions } from "vite";
import { IMPORT_ALIASES } from "./aliases.mjs";

const WORKER_ORIGIN = "http://localhost:8787";
const DEV_ORIGIN = "http://localhost:5173";

// The Worker accepts mutations only from its own origin; in dev the browser's origin is Vite's.
const toWorker: ProxyOptions = {
  target: WORKER_ORIGIN,
  ws: true,
  configure: (proxy) => {
    proxy.on("proxyReq", (req) => {
      if (req.getHeader("origin") === DEV_ORIGIN) req.setHeader("origin", WORKER_ORIGIN);
    });
  },
};

export default defineConfig({
  root: "web",
  plugins: [react(), tailwindcss()],
  resolve: {
    // Every import of "zod" gets web/lib/zod.ts: zod set to jitless (the CSP forbids eval) before any
    // schema is built, without loading zod on pages that have no schema.
    alias: [
      { find: /^zod$/, replacement: fileURLToPath(new URL("./web/lib/zod.ts", import.meta.url)) },
      ...Object.entries(IMPORT_ALIASES).map(([find, replacement]) => ({ find, replacement })),
    ],
  },
  build: {
    outDir: "../dist/web",
    emptyOutDir: true,
    rollupOptions: { output: { manualChunks: (id: string) => (id.includes("/node_modules/zod/") ? "zod" : undefined) } },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      "/api": toWorker,
      "/webhooks": toWorker,
    },
  },
});
