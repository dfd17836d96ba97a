const encoder = new TextEncoder();

export function toBase64Url(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

export function fromBase64(value: string): Uint8Array {
  const s = atob(value.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(s, (ch) => ch.charCodeAt(0));
}

export function randomToken(bytes = 32): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(bytes)));
}

export function toHex(buffer: ArrayBuffer | Uint8Array): string {
  return [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export async function sha256Hex(value: string): Promise<string> {
  return toHex(await crypto.subtle.digest("SHA-256", encoder.encode(value)));
}

export function constantTimeEqual(a: string, b: string): boolean {
  const x = encoder.encode(a);
  const y = encoder.encode(b);
  if (x.length !== y.length) return false;
  return crypto.subtle.timingSafeEqual(x, y);
}

// Passwords: PBKDF2-SHA256 over HMAC(pepper, password), so a leaked table without the pepper is useless.
// Stored as "pbkdf2-sha256$v1$<iterations>$<salt>$<hash>" so the parameters can be raised later.
export const PBKDF2_ITERATIONS = 100_000; // the Workers maximum

async function derive(password: string, pepper: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const pepperKey = await crypto.subtle.importKey("raw", encoder.encode(pepper), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const peppered = await crypto.subtle.sign("HMAC", pepperKey, encoder.encode(password));
  const key = await crypto.subtle.importKey("raw", peppered, "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, 256);
  return new Uint8Array(bits);
}

export async function hashPassword(password: string, pepper: string, iterations = PBKDF2_ITERATIONS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, pepper, salt, iterations);
  return `pbkdf2-sha256$v1$${iterations}$${toBase64Url(salt)}$${toBase64Url(hash)}`;
}

export async function verifyPassword(password: string, stored: string, pepper: string): Promise<boolean> {
  const [scheme, version, iterations, salt, hash] = stored.split("$");
  if (scheme !== "pbkdf2-sha256" || version !== "v1" || !salt || !hash) return false;
  const n = Number(iterations);
  if (!Number.isInteger(n) || n < 1 || n > PBKDF2_ITERATIONS) return false;
  const actual = await derive(password, pepper, fromBase64(salt), n);
  return constantTimeEqual(toBase64Url(actual), hash);
}

// Secrets at rest: AES-GCM with a 256-bit key derived from ENCRYPTION_KEY. Format "v1:<iv>:<ciphertext>".
// While the key is rotated ENCRYPTION_KEY holds "<new>,<old>": the first key encrypts, each key is
// tried in turn to decrypt (docs/operations.md, scripts/rotate-encryption-key.mjs).
const keyCache = new Map<string, Promise<CryptoKey>>();
function encryptionKey(secret: string): Promise<CryptoKey> {
  let key = keyCache.get(secret);
  if (!key) {
    key = crypto.subtle
      .digest("SHA-256", encoder.encode(secret))
      .then((raw) => crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]));
    keyCache.set(secret, key);
  }
  return key;
}

function keysOf(secret: string): string[] {
  const keys = secret.split(",").map((k) => k.trim()).filter(Boolean);
  if (keys.length === 0) throw new Error("ENCRYPTION_KEY is empty");
  return keys;
}

export async function encryptSecret(plain: string, secret: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const cipher = await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await encryptionKey(keysOf(secret)[0]!), encoder.encode(plain));
  return `v1:${toBase64Url(iv)}:${toBase64Url(new Uint8Array(cipher))}`;
}

async function decryptWith(stored: string, key: string): Promise<string> {
  const [version, iv, data] = stored.split(":");
  if (version !== "v1" || !iv || !data) throw new Error("Unknown secret format");
  const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: fromBase64(iv) }, await encryptionKey(key), fromBase64(data));
  return new TextDecoder().decode(plain);
}

export async function decryptSecret(stored: string, secret: string): Promise<string> {
  const [current, ...older] = keysOf(secret);
  try {
    return await decryptWith(stored, current!);
  } catch (err) {
    for (const key of older) {
      const plain = await decryptWith(stored, key).catch(() => null);
      if (plain !== null) return plain;
    }
    throw err;
  }
}

// For a key rotation: the stored secret encrypted under the first key, or null when it already is.
export async function reencryptSecret(stored: string, secret: string): Promise<string | null> {
  const current = keysOf(secret)[0]!;
  if ((await decryptWith(stored, current).catch(() => null)) !== null) return null;
  return encryptSecret(await decryptSecret(stored, secret), current);
}

export function maskSecret(last4: string): string {
  return `••••••••${last4}`;
}
