import type { MiddlewareHandler } from "hono";
import { T } from "@shared/strings";
import { fromBase64 } from "./crypto";

export const CONFIG_INCOMPLETE = T.configIncomplete;

// Bindings that must be absolute http(s) URLs when set (the outside services default to the real ones).
const URL_VARS = ["PUBLIC_BASE_URL", "TWILIO_API_BASE", "TWILIO_CONTENT_BASE", "OPENAI_BASE_URL", "AIRTABLE_API_BASE", "WEATHER_API_BASE", "ACCESS_CERTS_BASE"] as const;

function decodedLength(value: string): number | null {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) return null;
  try {
    return fromBase64(value.replace(/=+$/, "")).length;
  } catch {
    return null;
  }
}

// What is wrong with the Worker's configuration, one Italian line per problem. Names secrets, never
// their values.
export function configProblems(env: Env): string[] {
  const vars = env as unknown as Record<string, string | undefined>;
  const problems: string[] = [];
  if (!vars.PASSWORD_PEPPER?.trim()) problems.push("PASSWORD_PEPPER mancante");
  const keys = vars.ENCRYPTION_KEY?.split(",").map((k) => k.trim()).filter(Boolean) ?? [];
  if (keys.length === 0) problems.push("ENCRYPTION_KEY mancante");
  // While a key is rotated ENCRYPTION_KEY holds "<new>,<old>": each must be a key.
  else if (keys.some((k) => (decodedLength(k) ?? 0) < 32)) problems.push("ENCRYPTION_KEY non valida: servono 32 byte casuali in base64");
  // Cloudflare Access sign-in is on once its audience is set; then its issuer and key URL are needed.
  if (vars.ACCESS_AUDIENCE?.trim()) {
    if (!vars.ACCESS_ISSUER?.trim()) problems.push("ACCESS_ISSUER mancante (serve con ACCESS_AUDIENCE)");
    else if (!URL.canParse(vars.ACCESS_ISSUER) || new URL(vars.ACCESS_ISSUER).protocol !== "https:") problems.push("ACCESS_ISSUER non è un URL https valido");
  }
  for (const name of URL_VARS) {
    const value = vars[name];
    if (value === undefined || value === "") {
      if (name === "PUBLIC_BASE_URL") problems.push("PUBLIC_BASE_URL mancante");
      continue;
    }
    if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) problems.push(`${name} non è un URL valido`);
  }
  return problems;
}

// Checked once per configuration (an isolate has one): a bad one answers 503 to every request, with
// the problems in details and one log line, instead of a 500 from deep inside a handler.
const checked = new WeakMap<object, string[]>();
const logged = new Set<string>();

export const requireValidConfig: MiddlewareHandler<{ Bindings: Env }> = async (c, next) => {
  let problems = checked.get(c.env);
  if (!problems) {
    problems = configProblems(c.env);
    checked.set(c.env, problems);
    const line = `${CONFIG_INCOMPLETE}: ${problems.join("; ")}`;
    if (problems.length > 0 && !logged.has(line)) {
      logged.add(line);
      console.error(line);
    }
  }
  if (problems.length > 0) return c.json({ error: CONFIG_INCOMPLETE, details: problems }, 503);
  await next();
};
