import { describe, expect, it } from "vitest";
import { fillSavedReply } from "@shared/saved-replies";
import { SAVED_REPLY_TEXTS as TX } from "@shared/texts/saved-replies";
import { call, signedInUser } from "./helpers";

async function sandbox() {
  const { user, cookie } = await signedInUser();
  const res = await call("/api/twilio-accounts", { cookie, body: { name: "Sandbox", sandbox: true, phoneNumber: "+15005550006", gptModel: "gpt-4o-mini" } });
  expect(res.status).toBe(201);
  return { user, cookie, account: res.json as { id: string } };
}

describe("saved replies", () => {
  it("keeps each account's replies apart, with unique shortcuts and Italian validation", async () => {
    const owner = await sandbox();
    const stranger = await sandbox();
    const created = await call("/api/saved-replies", { cookie: owner.cookie, body: { shortcut: "Saluti", content: "Buongiorno {{nome}}, come posso aiutarla?" } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ shortcut: "saluti", content: "Buongiorno {{nome}}, come posso aiutarla?" });
    await call("/api/saved-replies", { cookie: owner.cookie, body: { shortcut: "orari", content: "Siamo aperti dalle 9 alle 18." } });

    const dup = await call("/api/saved-replies", { cookie: owner.cookie, body: { shortcut: "saluti", content: "Altro" } });
    expect(dup.status).toBe(409);
    expect(dup.json.error).toBe(TX.exists);
    const bad = await call("/api/saved-replies", { cookie: owner.cookie, body: { shortcut: "con spazi", content: "" } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain(TX.shortcutInvalid);
    expect(JSON.stringify(bad.json)).toContain(TX.contentRequired);

    // The same shortcut is free in another account, which never sees these.
    expect((await call("/api/saved-replies", { cookie: stranger.cookie, body: { shortcut: "saluti", content: "Salve" } })).status).toBe(201);
    expect((await call("/api/saved-replies", { cookie: owner.cookie })).json.map((r: { shortcut: string }) => r.shortcut)).toEqual(["orari", "saluti"]);
    expect((await call("/api/saved-replies", { cookie: stranger.cookie })).json.map((r: { content: string }) => r.content)).toEqual(["Salve"]);

    const id = created.json.id as string;
    expect((await call(`/api/saved-replies/${id}`, { cookie: stranger.cookie, method: "PUT", body: { shortcut: "preso", content: "Preso" } })).status).toBe(404);
    expect((await call(`/api/saved-replies/${id}`, { cookie: stranger.cookie, method: "DELETE" })).status).toBe(404);
    const clash = await call(`/api/saved-replies/${id}`, { cookie: owner.cookie, method: "PUT", body: { shortcut: "orari", content: "x" } });
    expect(clash.status).toBe(409);
    const edited = await call(`/api/saved-replies/${id}`, { cookie: owner.cookie, method: "PUT", body: { shortcut: "ciao", content: "Ciao {{nome}}!" } });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ shortcut: "ciao", content: "Ciao {{nome}}!" });
    expect((await call(`/api/saved-replies/${id}`, { cookie: owner.cookie, method: "DELETE" })).status).toBe(200);
    expect((await call("/api/saved-replies", { cookie: owner.cookie })).json.map((r: { shortcut: string }) => r.shortcut)).toEqual(["orari"]);
  });

  it("fills {{nome}} from the contact, or Cliente when the name is unknown", () => {
    expect(fillSavedReply("Buongiorno {{nome}}, a presto {{ NOME }}", "Giulia Bianchi")).toBe("Buongiorno Giulia Bianchi, a presto Giulia Bianchi");
    expect(fillSavedReply("Buongiorno {{nome}}", null)).toBe("Buongiorno Cliente");
  });
});
