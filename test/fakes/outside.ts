import { vi } from "vitest";
import { isTwilioAccountFetch, twilioAccountResponse } from "./twilio-accounts";

// Fakes only the outside world (OpenAI, Twilio, Airtable, weather): requests to the *.fake hosts
// the test bindings point at are answered by the handler; everything else reaches the real fetch.
export type FakeHandler = (request: Request) => Response | Promise<Response>;

export interface FakeOutside {
  requests: Request[];
  bodies: unknown[];
  restore(): void;
}

export interface FakeOptions {
  // Twilio's account resource (the credential check of a save); by default the account fake answers it,
  // outside the recorded requests, so tests that create a real account need not handle it.
  twilioAccounts?: FakeHandler;
}

export function fakeOutside(handler: FakeHandler, options: FakeOptions = {}): FakeOutside {
  const realFetch = globalThis.fetch;
  const state: FakeOutside = {
    requests: [],
    bodies: [],
    restore: () => spy.mockRestore(),
  };
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input as RequestInfo, init);
    if (!new URL(request.url).hostname.endsWith(".fake")) return realFetch(input as RequestInfo, init);
    if (isTwilioAccountFetch(request)) return (options.twilioAccounts ?? twilioAccountResponse)(request);
    const copy = request.clone();
    state.requests.push(request);
    const text = new TextDecoder().decode(await copy.arrayBuffer());
    try {
      state.bodies.push(text ? JSON.parse(text) : null);
    } catch {
      state.bodies.push(text);
    }
    return handler(request);
  });
  return state;
}

export function openAiCompletion(content: string, promptTokens: number, completionTokens: number, model = "gpt-4o") {
  return Response.json({
    id: "chatcmpl-test",
    object: "chat.completion",
    created: 1,
    model,
    choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content } }],
    usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
  });
}
