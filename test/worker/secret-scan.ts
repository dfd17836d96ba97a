import { env } from "cloudflare:workers";
import { isMaskedSecret } from "@shared/schemas/memories";
import { sha256Hex } from "@worker/lib/crypto";

// Every response of the worker suite goes through call() (helpers.ts), which scans it here for the
// secrets the tests have handed to the app: a credential sent once must never come back, in full
// or as the hash or ciphertext that stands for it.

// Request body fields that carry a credential, wherever they sit in the body.
const SECRET_FIELDS = new Set(["authToken", "apiKey", "tokenRaw", "password", "currentPassword", "newPassword"]);
// Shorter values (a test's "x") would match by chance.
const MIN_LENGTH = 8;

const PATTERNS: [string, RegExp][] = [
  ["a password hash", /pbkdf2-sha256\$/],
  ["an encrypted secret", /\bv1:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{16,}/],
];

const secrets = new Map<string, string>();

export function rememberSecret(value: string, kind: string) {
  const v = value.trim();
  // The masked form the API shows ("••••••••abcd") may be sent back to keep the stored key.
  if (v.length >= MIN_LENGTH && !isMaskedSecret(v) && !secrets.has(v)) secrets.set(v, kind);
}

function walk(value: unknown, visit: (key: string, v: unknown) => void) {
  if (value === null || typeof value !== "object") return;
  for (const [key, child] of Object.entries(value)) {
    visit(key, child);
    walk(child, visit);
  }
}

// The credentials a request carries: secret fields of its JSON body and a bearer token.
export async function rememberSecrets(body: unknown, headers: Headers) {
  const found: [string, string][] = [];
  walk(body, (key, v) => {
    if (SECRET_FIELDS.has(key) && typeof v === "string") found.push([v, key]);
  });
  const bearer = /^Bearer\s+(\S+)/i.exec(headers.get("Authorization") ?? "")?.[1];
  if (bearer) found.push([bearer, "bearer token"]);
  for (const [value, kind] of found) {
    rememberSecret(value, kind);
    // API tokens are stored as their SHA-256: the hash must not come back either.
    if (kind === "tokenRaw" || kind === "bearer token") rememberSecret(await sha256Hex(value.trim()), `${kind} hash`);
  }
}

// The secrets a response contains, by kind (never the value itself, so a failure does not print it).
export function leakedSecrets(text: string, bindings: Partial<Env> = {}): string[] {
  const leaks = PATTERNS.filter(([, re]) => re.test(text)).map(([kind]) => kind);
  // While a key is rotated ENCRYPTION_KEY holds "<new>,<old>".
  const keys = (bindings.ENCRYPTION_KEY ?? env.ENCRYPTION_KEY).split(",").map((k) => k.trim());
  for (const [name, values] of [
    ["PASSWORD_PEPPER", [bindings.PASSWORD_PEPPER ?? env.PASSWORD_PEPPER]],
    ["ENCRYPTION_KEY", keys],
  ] as const) {
    if (values.some((v) => v && text.includes(v))) leaks.push(name);
  }
  for (const [value, kind] of secrets) if (text.includes(value)) leaks.push(`${kind} ${value.slice(0, 3)}…`);
  return leaks;
}
