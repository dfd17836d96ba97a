// npm 11 writes package-lock.json without the optional native packages it cannot fetch (the registry
// mirror here lacks most non-Linux builds), and then `npm ci` refuses that same lock file (npm/cli#8805).
// This adds exactly the entries `npm ci` reports missing, beside a sibling platform package of the same
// parent: from the registry when it has them, otherwise with the platform read from the package name,
// so npm skips them on every other platform. Run it after `npm install` changes the lock file.
import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const lockPath = path.join(root, "package-lock.json");

const dryRun = spawnSync("npm", ["ci", "--dry-run", "--no-audit", "--no-fund"], { cwd: root, encoding: "utf8" });
const missing = new Set([...`${dryRun.stdout}${dryRun.stderr}`.matchAll(/Missing: (\S+)@\S* from lock file/g)].map((m) => m[1]));
if (missing.size === 0) {
  console.log("package-lock.json is complete");
  process.exit(0);
}

const lock = JSON.parse(readFileSync(lockPath, "utf8"));
const packages = lock.packages;

function registryMeta(name, version) {
  try {
    return JSON.parse(execFileSync("npm", ["view", `${name}@${version}`, "--json"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }));
  } catch {
    return null;
  }
}

const OS = { darwin: "darwin", windows: "win32", win32: "win32", android: "android", freebsd: "freebsd", linux: "linux" };
const CPU = { 64: "x64", x64: "x64", arm64: "arm64", arm: "arm", wasm32: "wasm32" };
function platformFromName(name) {
  const parts = name.split("/").pop().split("-");
  const os = parts.map((p) => OS[p]).find(Boolean);
  const cpu = parts.map((p) => CPU[p]).find(Boolean);
  if (!cpu) throw new Error(`cannot tell the platform of ${name}`);
  return { ...(os ? { os: [os] } : {}), cpu: [cpu] };
}

// Where Node would find `name` from the package at `key`: its own node_modules, then each ancestor's.
function resolveFrom(key, name) {
  const dirs = [];
  let dir = key;
  for (;;) {
    dirs.push(dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`);
    if (!dir) break;
    const cut = dir.lastIndexOf("/node_modules/");
    dir = cut === -1 ? "" : dir.slice(0, cut);
  }
  return dirs.find((k) => packages[k]);
}

let added = 0;
for (const [key, entry] of Object.entries(packages)) {
  const optional = Object.entries(entry.optionalDependencies ?? {});
  for (const [name, version] of optional) {
    if (!missing.has(name) || !/^\d/.test(version)) continue;
    const sibling = optional.map(([n]) => [n, resolveFrom(key, n)]).find(([n, at]) => at && packages[at].version === entry.optionalDependencies[n]);
    if (!sibling) continue;
    const target = `${sibling[1].slice(0, -sibling[0].length)}${name}`;
    if (packages[target]) continue;
    const meta = registryMeta(name, version) ?? platformFromName(name);
    packages[target] = {
      version,
      ...(meta.dist ? { integrity: meta.dist.integrity } : {}),
      ...(meta.cpu ? { cpu: meta.cpu } : {}),
      ...(entry.dev ? { dev: true } : {}),
      ...(meta.libc ? { libc: meta.libc } : {}),
      ...(meta.license ? { license: meta.license } : {}),
      optional: true,
      ...(meta.os ? { os: meta.os } : {}),
      ...(meta.engines ? { engines: meta.engines } : {}),
    };
    added++;
    console.log(`added ${target}@${version}`);
  }
}
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : 1)));
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`${added} entries added`);
