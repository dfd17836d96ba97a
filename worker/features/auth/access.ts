import { createRemoteJWKSet, jwtVerify } from "jose";
import type { Db } from "@worker/db/client";
import * as repo from "./repo";

// Sign-in through Cloudflare Access, beside e-mail and password: behind Access every request carries
// Cf-Access-Jwt-Assertion, a JWT signed with the team's keys. Off unless ACCESS_AUDIENCE is set (with
// ACCESS_ISSUER, the team domain, and ACCESS_CERTS_BASE, where its keys are published). It signs in an
// existing, active user with the token's e-mail; it never creates one.
export const ACCESS_HEADER = "Cf-Access-Jwt-Assertion";

interface AccessConfig {
  certsUrl: string;
  issuer: string;
  audience: string;
}

export function accessConfig(env: Env): AccessConfig | null {
  const vars = env as unknown as Record<string, string | undefined>;
  const audience = vars.ACCESS_AUDIENCE?.trim();
  if (!audience) return null;
  const base = (vars.ACCESS_CERTS_BASE ?? vars.ACCESS_ISSUER ?? "").trim().replace(/\/$/, "");
  return { certsUrl: `${base}/cdn-cgi/access/certs`, issuer: (vars.ACCESS_ISSUER ?? "").trim().replace(/\/$/, ""), audience };
}

// The published keys, fetched once per isolate and refreshed by jose when a token names an unknown key.
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function keySet(url: string) {
  let set = keySets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { cacheMaxAge: 10 * 60_000, cooldownDuration: 30_000 });
    keySets.set(url, set);
  }
  return set;
}

// The active user the assertion signs in, or null (bad signature, wrong issuer or audience, expired,
// no e-mail, or no such active user).
export async function userFromAccess(env: Env, db: Db, assertion: string | undefined) {
  const config = accessConfig(env);
  if (!config || !assertion) return null;
  try {
    const { payload } = await jwtVerify(assertion, keySet(config.certsUrl), {
      issuer: config.issuer,
      audience: config.audience,
      algorithms: ["RS256"],
      requiredClaims: ["exp", "email"],
    });
    const email = typeof payload.email === "string" ? payload.email.trim().toLowerCase() : "";
    if (!email) return null;
    const user = await repo.findUserByEmail(db, email);
    return user?.isActive ? user : null;
  } catch (err) {
    console.warn("Cloudflare Access assertion refused:", (err as Error).name);
    return null;
  }
}
