import { vi } from "vitest";

export interface RecordedCall {
  url: string;
  method: string;
  headers: Headers;
  body: BodyInit | null | undefined;
  credentials: RequestCredentials | undefined;
}

export type Handler = (call: RecordedCall) => Response | Promise<Response>;

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

// Replaces fetch with a router of "METHOD /path" handlers and records every call.
export function mockFetch(routes: Record<string, Handler> = {}, fallback?: Handler) {
  const calls: RecordedCall[] = [];
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const call: RecordedCall = {
      url,
      method: (init?.method ?? "GET").toUpperCase(),
      headers: new Headers(init?.headers),
      body: init?.body,
      credentials: init?.credentials,
    };
    calls.push(call);
    const path = url.replace(/^https?:\/\/[^/]+/, "").split("?")[0];
    const handler = routes[`${call.method} ${path}`] ?? fallback;
    if (!handler) return jsonResponse({ error: `no mock for ${call.method} ${path}` }, 404);
    return handler(call);
  });
  return { calls, spy };
}
