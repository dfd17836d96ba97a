// Web benchmark: the JavaScript the login page and the dashboard load first (gzip, from the Vite build in
// dist/web), and the dashboard's time to first render in headless Chromium on localhost.
// Run alone with `node bench/web.mjs`.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { root, toolEnv } from "../scripts/local-env.mjs";
import { startSeededServer } from "./seed.mjs";
import { median } from "./stats.mjs";

const DIST = path.join(root, "dist", "web");
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const DASHBOARD_TARGET_KB = 200;
const RENDER_SAMPLES = 5;
const SESSION_COOKIE = "agentbot_session";

const kb = (bytes) => bytes / 1024;

// --- the build's module graph -----------------------------------------------------------------
// Static imports of a chunk (import … from "./x.js", import "./x.js", export … from "./x.js"); dynamic
// import(`./x.js`) calls are left out, they load on demand.
function staticImports(code) {
  const found = new Set();
  for (const m of code.matchAll(/(?:\bimport|\bexport)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["'`](\.\/[^"'`]+\.js)["'`]/g)) found.add(m[1].slice(2));
  return [...found];
}

export function readBuild(dist = DIST) {
  const assets = path.join(dist, "assets");
  const files = new Map(readdirSync(assets).filter((f) => f.endsWith(".js")).map((f) => [f, readFileSync(path.join(assets, f))]));
  const html = readFileSync(path.join(dist, "index.html"), "utf8");
  const fromHtml = [...html.matchAll(/<script[^>]+type="module"[^>]+src="\/assets\/([^"]+\.js)"/g), ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);
  const closure = (start) => {
    const seen = new Set();
    const visit = (f) => {
      if (seen.has(f) || !files.has(f)) return;
      seen.add(f);
      for (const dep of staticImports(files.get(f).toString("utf8"))) visit(dep);
    };
    start.forEach(visit);
    return seen;
  };
  // Vite's preload lists: every lazy import(`./chunk.js`) comes with __vite__mapDeps([...]), the chunk and
  // what it needs, indexes into the m.f file list at the top of the importing chunk.
  const lazy = new Map();
  for (const [file, buf] of files) {
    const code = buf.toString("utf8");
    const list = /m\.f=(\[[^\]]*\])/.exec(code);
    if (!list) continue;
    const names = JSON.parse(list[1].replaceAll("`", '"')).map((p) => p.replace(/^assets\//, ""));
    for (const m of code.matchAll(/import\(["'`]\.\/([^"'`]+\.js)["'`]\)(?:\.then\([^()]*(?:\([^()]*\)[^()]*)*\))?,__vite__mapDeps\(\[([\d,]*)\]\)/g)) {
      lazy.set(m[1], { from: file, deps: m[2].split(",").filter(Boolean).map((i) => names[Number(i)]) });
    }
  }
  // The router's pages: page(`/path`, () => import(`./chunk.js`), `ExportName`).
  const routes = new Map();
  for (const [, buf] of files) {
    const code = buf.toString("utf8");
    for (const m of code.matchAll(/\(["'`](\/[^"'`]*)["'`],\(\)=>\w+\(\(\)=>import\(["'`]\.\/([^"'`]+\.js)["'`]\)/g)) routes.set(m[1], m[2]);
  }
  const gzip = (set) => [...set].reduce((n, f) => n + gzipSync(files.get(f)).length, 0);
  const raw = (set) => [...set].reduce((n, f) => n + files.get(f).length, 0);
  const lazyClosure = (chunk) => closure([chunk, ...(lazy.get(chunk)?.deps ?? [])]);
  return { files, entry: closure(fromHtml), routes, lazy, lazyClosure, closure, gzip, raw };
}

// The signed-in console (the app shell) is its own lazy chunk, found by its export.
function appShellChunk(build) {
  for (const [chunk] of build.lazy) if (/\bAppShell\b/.test(build.files.get(chunk)?.toString("utf8") ?? "") && chunk.startsWith("app-shell")) return chunk;
  for (const [chunk] of build.lazy) if (/as AppShell\b/.test(build.files.get(chunk)?.toString("utf8") ?? "")) return chunk;
  return null;
}

/**
 * Records the web figures with `figure(name, value, unit, target, ok)`. Starts its own seeded server
 * unless `server` ({ base, cookie }) is given. Answers the details and a Markdown note.
 */
// A production build of the web app in a throwaway folder: what `npm start` builds and deploys. dist/web
// may hold an older build than the code, so sizes are read from this one and the browser is served this one.
function buildProduction() {
  const outDir = mkdtempSync(path.join(tmpdir(), "agentbot-web-"));
  execFileSync(path.join(root, "node_modules", ".bin", "vite"), ["build", "--logLevel", "warn", "--outDir", outDir, "--emptyOutDir"], {
    cwd: root,
    env: toolEnv({ NODE_ENV: "production" }),
    stdio: ["ignore", "ignore", "inherit"],
  });
  return outDir;
}

export async function runWebBench(figure, { log = console.log, server: given } = {}) {
  const dist = given ? DIST : buildProduction();
  const build = readBuild(dist);
  const shell = appShellChunk(build);
  const dashboardChunk = build.routes.get("/");
  if (!shell || !dashboardChunk) throw new Error(`cannot find the app shell (${shell}) or the dashboard route (${dashboardChunk}) in dist/web`);
  const login = build.entry;
  const dashboard = new Set([...build.entry, ...build.lazyClosure(shell), ...build.lazyClosure(dashboardChunk)]);
  const otherRoutes = [...build.routes].filter(([p, chunk]) => p !== "/" && !dashboard.has(chunk));
  const allJs = new Set(build.files.keys());

  const loginKb = kb(build.gzip(login));
  const dashboardKb = kb(build.gzip(dashboard));
  figure("Web: initial JavaScript of the login page", `${loginKb.toFixed(1)} KB gzip (${login.size} files, ${kb(build.raw(login)).toFixed(0)} KB raw)`, "", null, null);
  figure(
    "Web: initial JavaScript of the dashboard",
    `${dashboardKb.toFixed(1)} KB gzip (${dashboard.size} files, ${kb(build.raw(dashboard)).toFixed(0)} KB raw)`,
    "",
    `≤ ${DASHBOARD_TARGET_KB} KB gzip`,
    dashboardKb <= DASHBOARD_TARGET_KB,
  );
  const split = otherRoutes.length === build.routes.size - 1;
  figure(
    "Web: routes code-split",
    `${build.routes.size} route chunks, ${otherRoutes.length} of the ${build.routes.size - 1} other pages not in the dashboard's initial JavaScript; all JS ${kb(build.gzip(allJs)).toFixed(0)} KB gzip`,
    "",
    "every other page lazy",
    split,
  );

  // Time to first render in headless Chromium: navigation start → the dashboard heading on screen, each
  // load in a fresh browser context (empty cache), signed in with the bench user's session cookie.
  const server = given ?? (await startSeededServer({ log, assetsDir: dist }));
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const samples = [];
  const warm = [];
  let observed = new Set();
  try {
    const { hostname } = new URL(server.base);
    const value = server.cookie.split("=").slice(1).join("=");
    for (let i = 0; i < RENDER_SAMPLES; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "it-IT", timezoneId: "Europe/Rome" });
      await context.addCookies([{ name: SESSION_COOKIE, value, domain: hostname, path: "/", httpOnly: true, secure: true, sameSite: "Lax" }]);
      await context.addInitScript(() => {
        new MutationObserver((_, observer) => {
          const heading = document.querySelector('[data-testid="dashboard-heading"]');
          if (heading && heading.getBoundingClientRect().height > 0) {
            window.__dashboardAt = performance.now();
            observer.disconnect();
          }
        }).observe(document, { childList: true, subtree: true });
      });
      const page = await context.newPage();
      const scripts = new Set();
      page.on("response", (res) => {
        const m = /\/assets\/([^/?]+\.js)$/.exec(new URL(res.url()).pathname);
        if (m) scripts.add(m[1]);
      });
      await page.goto(`${server.base}/`);
      await page.locator('[data-testid="dashboard-heading"]').waitFor({ timeout: 30_000 });
      samples.push(await page.evaluate(() => window.__dashboardAt));
      if (i === 0) observed = scripts;
      // The same context again: a returning visitor, scripts from the HTTP cache.
      await page.reload();
      await page.locator('[data-testid="dashboard-heading"]').waitFor({ timeout: 30_000 });
      warm.push(await page.evaluate(() => window.__dashboardAt));
      await context.close();
    }
  } finally {
    await browser.close();
    if (!given) {
      server.stop();
      rmSync(dist, { recursive: true, force: true });
    }
  }
  const loadedKb = kb(build.gzip(new Set([...observed].filter((f) => build.files.has(f)))));
  figure(
    "Web: dashboard time to first render, headless Chromium",
    `${median(samples).toFixed(0)} ms median of ${samples.length} cold loads (${samples.map((s) => s.toFixed(0)).join(", ")}); ${median(warm).toFixed(0)} ms with a warm cache`,
    "",
    null,
    null,
  );
  figure("Web: JavaScript the dashboard actually loaded in Chromium", `${loadedKb.toFixed(1)} KB gzip (${observed.size} files)`, "", null, null);
  const note = `Web: gzip sizes (node:zlib, default level) of ${given ? "dist/web as it was built" : "a production build (vite build, NODE_ENV=production) made for the run and served to the browser"}. Login page = index.html's entry module, its modulepreloads and their static imports. Dashboard = that plus the lazily loaded app shell and the "/" route chunk with Vite's preload lists for them. Time to first render: navigation start to the dashboard heading ([data-testid=dashboard-heading], which holds the greeting) laid out, in a fresh headless Chromium context signed in as the seeded bench user, over loopback from \`wrangler dev\`; ${RENDER_SAMPLES} cold loads, each followed by one reload with a warm cache.`;
  return { loginKb, dashboardKb, renderMs: median(samples), warmMs: median(warm), observed: [...observed], note };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  let failed = false;
  const { note } = await runWebBench((name, value, unit, target, ok) => {
    if (ok === false) failed = true;
    console.log(`${ok === false ? "MISSED" : "ok    "} ${name}: ${value}${unit ? ` ${unit}` : ""}${target ? ` (target ${target})` : ""}`);
  });
  console.log(`\n${note}`);
  console.log(`Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}, load average ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}, Node ${process.version}.`);
  process.exit(failed ? 1 : 0);
}
