import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { conversations, messages } from "../../worker/db/schema";
import { runAiReply } from "../../worker/jobs/ai-reply";
import { asksForTime, asksForWeather, timeFact } from "../../worker/jobs/skills";
import { call, db, signedInUser } from "./helpers";

describe("time skill", () => {
  it("gives the Europe/Rome time across the spring daylight-saving change", () => {
    // 29 March 2026: at 01:00 UTC Italy jumps from 02:00 CET to 03:00 CEST.
    expect(timeFact(new Date("2026-03-29T00:30:00Z"))).toBe("Adesso in Italia (Europe/Rome) sono le 01:30 di domenica 29 marzo 2026.");
    expect(timeFact(new Date("2026-03-29T01:30:00Z"))).toBe("Adesso in Italia (Europe/Rome) sono le 03:30 di domenica 29 marzo 2026.");
    // 25 October 2026: back to CET.
    expect(timeFact(new Date("2026-10-25T00:30:00Z"))).toBe("Adesso in Italia (Europe/Rome) sono le 02:30 di domenica 25 ottobre 2026.");
    expect(timeFact(new Date("2026-10-25T01:30:00Z"))).toBe("Adesso in Italia (Europe/Rome) sono le 02:30 di domenica 25 ottobre 2026.");
    expect(timeFact(new Date("2026-10-25T23:30:00Z"))).toBe("Adesso in Italia (Europe/Rome) sono le 00:30 di lunedì 26 ottobre 2026.");
  });

  it("recognises Italian questions about time and weather", () => {
    expect(asksForTime("Scusi, che ore sono?")).toBe(true);
    expect(asksForTime("Che giorno è oggi?")).toBe(true);
    expect(asksForTime("Vorrei un preventivo")).toBe(false);
    expect(asksForWeather("Che tempo fa a Milano?")).toBe(true);
    expect(asksForWeather("Domani piove?")).toBe(true);
    expect(asksForWeather("Quanto costa?")).toBe(false);
  });

  it("answers a time question with the Rome time, offline too", async () => {
    const { user, cookie } = await signedInUser();
    const account = (await call("/api/twilio-accounts", { cookie, body: { name: "S", sandbox: true, phoneNumber: "+15005550006", gptModel: "gpt-4o-mini" } })).json;
    const [conversation] = await db().insert(conversations).values({ userId: user.id, twilioAccountId: account.id, phoneNumber: "+393401112233", lastInboundAt: new Date() }).returning();
    const [message] = await db().insert(messages).values({ conversationId: conversation!.id, content: "Che ore sono?", sender: "customer", status: "received" }).returning();
    const at = new Date("2026-07-01T10:15:00Z");
    await runAiReply(env, db(), { conversationId: conversation!.id, replyToId: message!.id }, at);
    const reply = (await db().select().from(messages).where(eq(messages.conversationId, conversation!.id))).find((m) => m.sender === "ai");
    expect(reply!.content).toContain("sono le 12:15 di mercoledì 1 luglio 2026");
  });
});
