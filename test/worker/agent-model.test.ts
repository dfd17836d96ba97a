import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { OFFLINE_MODEL } from "@shared/models";
import { complete } from "@worker/features/agent/model";
import { chatCompletion, ModelProviderError } from "@worker/providers/openai";
import { fakeOutside, type FakeOutside, openAiCompletion } from "../fakes/outside";

const OFFLINE = { ...env, OPENAI_API_KEY: "" };
const KEYED = { ...env, OPENAI_API_KEY: "sk-test" };
const messages = [
  { role: "system" as const, content: "Sei l'assistente vendite." },
  { role: "user" as const, content: "Quanto costa la consulenza?" },
];

describe("the agent's model door", () => {
  let outside: FakeOutside | undefined;
  afterEach(() => outside?.restore());

  it("answers offline with the agent's wording: it says so, quotes the customer and the best passage, and costs nothing", async () => {
    outside = fakeOutside(() => openAiCompletion("mai chiamato", 1, 1));
    const result = await complete(OFFLINE, { model: "gpt-4o-mini", messages, maxTokens: 100, bestPassage: "Consulenza: 80 euro l'ora." });
    expect(result.content).toBe(
      "Risposta offline di AgentBot Pro (nessuna chiave OpenAI configurata). Ho ricevuto: «Quanto costa la consulenza?». Dalle informazioni disponibili: «Consulenza: 80 euro l'ora.»",
    );
    expect(result).toMatchObject({ model: OFFLINE_MODEL, offline: true, finishReason: "stop" });
    expect(outside.requests).toHaveLength(0);
  });

  it("says what it does instead of quoting media it cannot see", async () => {
    const result = await complete(OFFLINE, { model: "gpt-4o-mini", messages, maxTokens: 100, offlineText: "Ho ricevuto la tua foto." });
    expect(result.content).toBe("Risposta offline di AgentBot Pro (nessuna chiave OpenAI configurata). Ho ricevuto la tua foto.");
  });

  it("goes to the model server when there is a key", async () => {
    outside = fakeOutside(() => openAiCompletion("Costa 80 euro l'ora.", 10, 5, "gpt-4o-mini"));
    const result = await complete(KEYED, { model: "gpt-4o-mini", messages, maxTokens: 100, bestPassage: "ignorato online" });
    expect(result).toMatchObject({ content: "Costa 80 euro l'ora.", offline: false, model: "gpt-4o-mini" });
    expect(outside.requests).toHaveLength(1);
    expect(outside.bodies[0]).not.toHaveProperty("bestPassage");
  });

  it("the provider holds no offline wording: without a key it refuses for good and calls nothing", async () => {
    outside = fakeOutside(() => openAiCompletion("mai chiamato", 1, 1));
    const err = await chatCompletion(OFFLINE, { model: "gpt-4o-mini", messages, maxTokens: 100 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelProviderError);
    expect((err as ModelProviderError).permanent).toBe(true);
    expect(outside.requests).toHaveLength(0);
  });
});
