import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { isTwilioAccountFetch, twilioAccountResponse } from "../fakes/twilio-accounts";

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

// Without a test's own fake, Twilio's account resource still answers (a real account's save checks its
// credentials there); every other outside request is left to the test.
const realFetch = globalThis.fetch;
globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
  // Only a GET is looked at, so no request body is read here.
  const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
  if (method === "GET") {
    const request = new Request(input, init);
    if (isTwilioAccountFetch(request)) return Promise.resolve(twilioAccountResponse(request));
  }
  return realFetch(input, init);
};
