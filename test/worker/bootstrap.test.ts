import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { users } from "@worker/db/schema";
import { ensureBootstrapAdmin, resetBootstrapForTests } from "@worker/features/auth/bootstrap";
import { call, db, login } from "./helpers";

describe("bootstrap admin", () => {
  it("creates the sandbox account for the bootstrap admin only when asked", async () => {
    // The bootstrap only runs on an empty users table.
    await db().delete(users);
    resetBootstrapForTests();
    await ensureBootstrapAdmin({ ...env, ADMIN_EMAIL: "Boss@Example.com", ADMIN_PASSWORD: "password-boss-1", BOOTSTRAP_SANDBOX_ACCOUNT: "true" }, db());
    const cookie = await login("boss@example.com", "password-boss-1");
    expect((await call("/api/auth/me", { cookie })).json.role).toBe("super_admin");
    const accounts = (await call("/api/twilio-accounts", { cookie })).json;
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ sandbox: true, isDefault: true, isActive: true });
    // A second run on a non-empty table creates nothing.
    resetBootstrapForTests();
    await ensureBootstrapAdmin({ ...env, ADMIN_EMAIL: "other@example.com", ADMIN_PASSWORD: "password-boss-1" }, db());
    expect(await db().select().from(users)).toHaveLength(1);
  });
});
