// Re-encrypts every stored secret (Twilio auth tokens, Airtable keys) under a new ENCRYPTION_KEY.
// Run it while the Worker's ENCRYPTION_KEY secret is "<new>,<old>" (docs/operations.md explains the
// whole procedure); it reads the keys from the ENCRYPTION_KEY environment variable in the same form.
//
//   ENCRYPTION_KEY="<new>,<old>" npx node scripts/rotate-encryption-key.mjs --remote [--dry-run]
//
// --local works on the `wrangler dev` database instead (with --persist-to <dir> for another local
// state). Values already under the new key are skipped, so a second run reports nothing to do.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { rotationStatements, STORED_SECRETS } from "./secret-rotation.mjs";

const DATABASE = "agentbot";
const root = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const where = args.includes("--local") ? "--local" : args.includes("--remote") ? "--remote" : null;
const dryRun = args.includes("--dry-run");
// --persist-to <dir> with --local, as for `wrangler dev --persist-to`.
const persistTo = args.includes("--persist-to") ? ["--persist-to", args[args.indexOf("--persist-to") + 1] ?? ""] : [];
const keys = process.env.ENCRYPTION_KEY ?? "";

if (!where || !keys.includes(",")) {
  console.error('Usage: ENCRYPTION_KEY="<new>,<old>" npx node scripts/rotate-encryption-key.mjs --remote|--local [--dry-run]');
  process.exit(2);
}

function wrangler(extra) {
  const result = spawnSync(path.join(root, "node_modules", ".bin", "wrangler"), ["d1", "execute", DATABASE, where, ...persistTo, ...extra], {
    cwd: root,
    encoding: "utf8",
    // The keys stay in this process; wrangler does not need them.
    env: { ...process.env, CI: "true", ENCRYPTION_KEY: "" },
  });
  if (result.status !== 0) throw new Error(`wrangler failed:\n${result.stderr || result.stdout}`);
  return result.stdout;
}

const rows = STORED_SECRETS.map((place) => {
  const [result] = JSON.parse(wrangler(["--json", "--command", place.select]));
  return result.results;
});
STORED_SECRETS.forEach((place, i) => console.log(`${place.name}: ${rows[i].length} stored`));

const statements = await rotationStatements(rows, keys);
console.log(`${statements.length} to re-encrypt under the new key`);
if (statements.length === 0 || dryRun) process.exit(0);

const dir = mkdtempSync(path.join(tmpdir(), "agentbot-rotate-"));
try {
  const file = path.join(dir, "rotate.sql");
  writeFileSync(file, `${statements.join("\n")}\n`);
  wrangler(["--yes", "--file", file]);
  console.log("Done. Run the script again: it should find 0 to re-encrypt. Then set ENCRYPTION_KEY to the new key alone.");
} finally {
  rmSync(dir, { recursive: true, force: true });
}
