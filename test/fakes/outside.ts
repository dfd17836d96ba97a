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

export function openAiCompletion(content: string | null, promptTokens: number, completionTokens: number, model = "gpt-4o", finishReason: "stop" | "length" = "stop") {
  return Response.json({
    id: "chatcmpl-test",
    object: "chat.completion",
    created: 1,
    model,
    choices: [{ index: 0, finish_reason: finishReason, message: { role: "assistant", content, refusal: null } }],
    usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
  });
}

// OpenAI's error answers as the API sends them: { error: { message, type, param, code } }, with the
// rate-limit headers on a 429 (Retry-After in seconds, as OpenAI sends it).
export const OPENAI_ERRORS = {
  rateLimited: (retryAfterSeconds: number) =>
    Response.json(
      {
        error: {
          message: "Rate limit reached for gpt-4o-mini in organization org-test on requests per min (RPM): Limit 3, Used 3, Requested 1. Please try again in 20s.",
          type: "requests",
          param: null,
          code: "rate_limit_exceeded",
        },
      },
      {
        status: 429,
        headers: {
          "retry-after": String(retryAfterSeconds),
          "x-ratelimit-limit-requests": "3",
          "x-ratelimit-remaining-requests": "0",
          "x-ratelimit-reset-requests": `${retryAfterSeconds}s`,
        },
      },
    ),
  insufficientQuota: () =>
    Response.json(
      {
        error: {
          message: "You exceeded your current quota, please check your plan and billing details.",
          type: "insufficient_quota",
          param: null,
          code: "insufficient_quota",
        },
      },
      { status: 429 },
    ),
  invalidKey: () =>
    Response.json(
      { error: { message: "Incorrect API key provided: sk-test. You can find your API key at https://platform.openai.com/account/api-keys.", type: "invalid_request_error", param: null, code: "invalid_api_key" } },
      { status: 401 },
    ),
  modelNotFound: (model: string) =>
    Response.json(
      { error: { message: `The model \`${model}\` does not exist or you do not have access to it.`, type: "invalid_request_error", param: null, code: "model_not_found" } },
      { status: 404 },
    ),
};
