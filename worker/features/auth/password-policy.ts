import { AUTH_TEXTS } from "@shared/texts/auth";
import { badRequest } from "@worker/lib/http-error";

// zxcvbn-ts ships the most common passwords of public breach corpora (about 50,000). Loaded on first
// use, so a request that sets no password never pays for decompressing it.
let common: Promise<Set<string>> | undefined;
function commonPasswords() {
  common ??= import("@zxcvbn-ts/language-common").then((m) => new Set(m.dictionary["passwords-common"]));
  return common;
}

// The rules the shared schema cannot check in the browser: not a common or breached password, and
// not one character repeated. Throws 400 with the reason in Italian.
export async function assertAcceptablePassword(password: string) {
  const folded = password.trim().toLowerCase();
  if (/^(.)\1*$/u.test(folded) || (await commonPasswords()).has(folded)) throw badRequest(AUTH_TEXTS.common);
}
