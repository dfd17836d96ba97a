import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { conversations, messages } from "@worker/db/schema";
import { runAiReply } from "@worker/features/agent/reply";
import { asksForTime, asksForWeather, timeFact } from "@worker/features/agent/skills";
import { syncWeather } from "@worker/features/weather/service";
import { fakeOutside } from "../fakes/outside";
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

describe("weather skill", () => {
  async function sandboxWithCustomer(phone: string) {
    const { user, cookie } = await signedInUser();
    const account = (await call("/api/twilio-accounts", { cookie, body: { name: "S", sandbox: true, phoneNumber: "+15005550006", gptModel: "gpt-4o-mini" } })).json;
    const [conversation] = await db().insert(conversations).values({ userId: user.id, twilioAccountId: account.id, phoneNumber: phone, lastInboundAt: new Date() }).returning();
    return { cookie, account, conversation: conversation! };
  }
  async function ask(conversationId: string, text: string) {
    const [message] = await db().insert(messages).values({ conversationId, content: text, sender: "customer", status: "received" }).returning();
    await runAiReply(env, db(), { conversationId, replyToId: message!.id });
    return (await db().select().from(messages).where(eq(messages.conversationId, conversationId))).filter((m) => m.sender === "ai").at(-1)!.content;
  }

  it("syncs the followed cities from the weather API and gives the reading to the agent", async () => {
    const { cookie, conversation } = await sandboxWithCustomer("+393401230001");
    const bad = await call("/api/weather/cities", { method: "PUT", cookie, body: { cities: ["Atlantide"] } });
    expect(bad.status).toBe(400);
    const set = await call("/api/weather/cities", { method: "PUT", cookie, body: { cities: ["Roma", "Milano"] } });
    expect(set.json.map((r: any) => r.city)).toEqual(["Milano", "Roma"]);

    const outside = fakeOutside((request) => {
      const url = new URL(request.url);
      const rome = url.searchParams.get("latitude") === "41.8933";
      expect(url.origin + url.pathname).toBe("https://weather.fake/v1/forecast");
      return Response.json({ current: { temperature_2m: rome ? 18.4 : 11.2, weather_code: rome ? 0 : 61, wind_speed_10m: 7.9 } });
    });
    try {
      expect(await syncWeather(env, db())).toBeGreaterThanOrEqual(2);
    } finally {
      outside.restore();
    }
    const listed = (await call("/api/weather", { cookie })).json;
    expect(listed).toEqual([
      expect.objectContaining({ city: "Milano", temperatureC: 11.2, description: "pioggia", error: null }),
      expect.objectContaining({ city: "Roma", temperatureC: 18.4, description: "sereno", error: null }),
    ]);
    const reply = await ask(conversation.id, "Che tempo fa a Roma oggi pomeriggio?");
    expect(reply).toContain("Roma: 18°C, sereno");
  });

  it("says the weather is unavailable when the weather API is down, never inventing it", async () => {
    const { cookie, conversation } = await sandboxWithCustomer("+393401230002");
    await call("/api/weather/cities", { method: "PUT", cookie, body: { cities: ["Napoli"] } });
    const outside = fakeOutside(() => new Response("down", { status: 503 }));
    try {
      await syncWeather(env, db());
    } finally {
      outside.restore();
    }
    const listed = (await call("/api/weather", { cookie })).json;
    expect(listed[0]).toMatchObject({ city: "Napoli", temperatureC: null, error: "il servizio meteo ha risposto 503" });
    const reply = await ask(conversation.id, "Domani piove?");
    expect(reply).toContain("Il meteo non è disponibile in questo momento");
  });
});
