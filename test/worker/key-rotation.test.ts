import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { lists, memories, twilioAccounts } from "@worker/db/schema";
import { decryptSecret, encryptSecret, reencryptSecret } from "@worker/lib/crypto";
import { rotationStatements, STORED_SECRETS } from "../../scripts/secret-rotation.mjs";
import { call, db, signedInUser } from "./helpers";
import { postTwilioWebhook } from "./twilio-webhook";

const OLD = "b2xkLWtleS0zMi1ieXRlcy1sb25nLW9sZC1vbGQtb2xkIQ==";
const NEW = "bmV3LWtleS0zMi1ieXRlcy1sb25nLW5ldy1uZXctbmV3IQ==";

// What the script reads, limited to the rows one test made.
async function storedRows(ids: string[]) {
  const rows = await Promise.all(STORED_SECRETS.map(async (place) => (await env.DB.prepare(place.select).all<{ id: string; value: string }>()).results));
  return rows.map((of) => of.filter((r) => ids.includes(r.id)));
}

describe("rotating ENCRYPTION_KEY", () => {
  it("encrypts with the first key and decrypts with any listed key", async () => {
    const underOld = await encryptSecret("token-123", OLD);
    expect(await decryptSecret(underOld, `${NEW},${OLD}`)).toBe("token-123");
    const underNew = await encryptSecret("token-123", `${NEW},${OLD}`);
    expect(await decryptSecret(underNew, NEW)).toBe("token-123");
    await expect(decryptSecret(underNew, OLD)).rejects.toThrow();
    await expect(decryptSecret(underOld, NEW)).rejects.toThrow();
    expect(await reencryptSecret(underNew, `${NEW},${OLD}`)).toBeNull();
    expect(await decryptSecret((await reencryptSecret(underOld, `${NEW},${OLD}`))!, NEW)).toBe("token-123");
  });

  it("the rotation script's statements move every stored secret to the new key, once", async () => {
    const { user, cookie } = await signedInUser();
    const token = "rotation-auth-token-0000000000000";
    const created = await call("/api/twilio-accounts", {
      cookie,
      body: { name: "Rotazione", accountSid: `AC${crypto.randomUUID().replaceAll("-", "")}`, authToken: token, phoneNumber: "+390212345678", gptModel: "gpt-4o" },
      env: { ENCRYPTION_KEY: OLD },
    });
    expect(created.status, created.text).toBe(201);
    const accountId = created.json.id as string;
    const [list] = await db()
      .insert(lists)
      .values({ userId: user.id, twilioAccountId: accountId, name: "Airtable", source: "airtable", config: { apiKey: await encryptSecret("patList.123", OLD), baseId: "appX", tableId: "tblY" } })
      .returning();
    const [memory] = await db()
      .insert(memories)
      .values({ userId: user.id, twilioAccountId: accountId, name: "Airtable", dataType: "airtable", dataSource: { kind: "airtable", apiKey: await encryptSecret("patMemory.456", OLD), baseId: "appX", tableId: "tblY" } })
      .returning();

    const ids = [accountId, list!.id, memory!.id];
    const statements = await rotationStatements(await storedRows(ids), `${NEW},${OLD}`);
    expect(statements).toHaveLength(3);
    for (const statement of statements) await env.DB.prepare(statement).run();

    const account = await db().query.twilioAccounts.findFirst({ where: eq(twilioAccounts.id, accountId) });
    expect(await decryptSecret(account!.authToken, NEW)).toBe(token);
    const [listAfter] = await db().select().from(lists).where(eq(lists.id, list!.id));
    expect(listAfter!.config).toMatchObject({ baseId: "appX", tableId: "tblY" });
    expect(await decryptSecret(listAfter!.config!.apiKey as string, NEW)).toBe("patList.123");
    const [memoryAfter] = await db().select().from(memories).where(eq(memories.id, memory!.id));
    expect(await decryptSecret(memoryAfter!.dataSource!.apiKey as string, NEW)).toBe("patMemory.456");

    // Nothing is left under the old key: a second run has nothing to do, and the Worker with the new
    // key alone checks Twilio's signature with the token it decrypts.
    expect(await rotationStatements(await storedRows(ids), `${NEW},${OLD}`)).toEqual([]);
    const params = { MessageSid: "SMrotation1", MessageStatus: "delivered" };
    const webhook = await postTwilioWebhook(accountId, params, { token, kind: "status", env: { ENCRYPTION_KEY: NEW } });
    expect(webhook.status).toBe(204);
    const forged = await postTwilioWebhook(accountId, params, { token, kind: "status", signature: "AAAA", env: { ENCRYPTION_KEY: NEW } });
    expect(forged.status).toBe(403);
  });
});
