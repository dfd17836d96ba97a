import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CONFIG_INCOMPLETE } from "@worker/lib/config-check";
import { call, signedInUser } from "./helpers";

afterEach(() => vi.restoreAllMocks());

describe("configuration check", () => {
  it("answers 503 naming a missing PASSWORD_PEPPER on every request, /api/auth/me included, with one log line", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const bindings = { ...env, PASSWORD_PEPPER: "" };
    for (const path of ["/api/auth/me", "/api/health", "/api/conversations"]) {
      const res = await call(path, { env: bindings });
      expect(res.status, path).toBe(503);
      expect(res.json).toEqual({ error: CONFIG_INCOMPLETE, details: ["PASSWORD_PEPPER mancante"] });
    }
    const login = await call("/api/auth/login", { body: { email: "a@b.it", password: "qualcosa-di-lungo" }, env: bindings });
    expect(login.status).toBe(503);
    // Checked once for this configuration: one clear line, naming the secret and never a value.
    expect(log).toHaveBeenCalledTimes(1);
    expect(String(log.mock.calls[0]![0])).toBe(`${CONFIG_INCOMPLETE}: PASSWORD_PEPPER mancante`);
  });

  it("names a malformed ENCRYPTION_KEY and unparseable URLs without echoing their values", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const shortKey = btoa("troppo-corta");
    for (const [bindings, details] of [
      [{ ENCRYPTION_KEY: shortKey }, ["ENCRYPTION_KEY non valida: servono 32 byte casuali in base64"]],
      [{ ENCRYPTION_KEY: "non è base64!" }, ["ENCRYPTION_KEY non valida: servono 32 byte casuali in base64"]],
      [{ ENCRYPTION_KEY: `${env.ENCRYPTION_KEY},${shortKey}` }, ["ENCRYPTION_KEY non valida: servono 32 byte casuali in base64"]],
      [{ ENCRYPTION_KEY: "" }, ["ENCRYPTION_KEY mancante"]],
      [{ PUBLIC_BASE_URL: "agentbot.example.com" }, ["PUBLIC_BASE_URL non è un URL valido"]],
      [{ OPENAI_BASE_URL: "javascript:alert(1)", PASSWORD_PEPPER: "" }, ["PASSWORD_PEPPER mancante", "OPENAI_BASE_URL non è un URL valido"]],
    ] as const) {
      const res = await call("/api/auth/me", { env: { ...env, ...bindings } });
      expect(res.status, JSON.stringify(bindings)).toBe(503);
      expect(res.json).toEqual({ error: CONFIG_INCOMPLETE, details });
      expect(res.text).not.toContain(shortKey);
    }
  });

  it("lets a complete configuration through (a key rotation's two keys included)", async () => {
    const { cookie } = await signedInUser();
    const other = btoa("x".repeat(32));
    const res = await call("/api/auth/me", { cookie, env: { ...env, ENCRYPTION_KEY: `${env.ENCRYPTION_KEY},${other}` } });
    expect(res.status).toBe(200);
  });
});
