import { hc, type ClientResponse } from "hono/client";
import { T } from "@shared/strings";
// The worker's routes, as `npm run typecheck` emits them (tsconfig.contract.json): the web program reads
// the declarations, not the worker's sources, whose Workers runtime types clash with the DOM's.
import type { AppType } from "../../.tsbuild/contract/worker/app";

// A failed API call: the HTTP status and the server's { error, details? } answer. `error` is null when the
// body is not such an answer (a proxy's HTML page, an empty body): that text is not meant for people.
export class ApiError extends Error {
  readonly status: number;
  readonly error: string | null;
  readonly details: unknown;

  constructor(status: number, error: string | null, details?: unknown) {
    super(error ?? `${T.unknownError} (HTTP ${status})`);
    this.name = "ApiError";
    this.status = status;
    this.error = error;
    this.details = details;
  }
}

// The ApiError of a failed answer's body text.
export function apiErrorFrom(status: number, text: string): ApiError {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object" && "error" in parsed) {
      const { error, details } = parsed as { error: unknown; details?: unknown };
      return new ApiError(status, typeof error === "string" && error ? error : null, details);
    }
  } catch {
    // Not JSON: see ApiError.
  }
  return new ApiError(status, null);
}

export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text().catch(() => "");
  throw apiErrorFrom(res.status, text);
}

// The typed client: `api.prompts.$get()` knows the route's input and every answer's shape. fetch is
// looked up at each call (tests replace it), always with the session cookie. hc puts `param` values into
// the path as they are: encode any value that is not the server's own URL-safe id (encodeURIComponent).
export const api = hc<AppType>("/", {
  fetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, { ...init, credentials: "include" }),
}).api;

// The body of a typed call's successful answer (the 2xx shapes only); any other status throws its ApiError.
type SuccessStatus = 200 | 201 | 202 | 204;
export async function unwrap<R extends ClientResponse<unknown, number, string>>(
  call: Promise<R>,
): Promise<R extends ClientResponse<infer O, infer S, string> ? (S extends SuccessStatus ? O : never) : never> {
  const res = (await call) as unknown as Response;
  await throwIfResNotOk(res);
  return (await readBody(res)) as never;
}

// Reads answer null on 401: "not signed in" is a state, not an error.
export async function unwrapRead<R extends ClientResponse<unknown, number, string>>(
  call: Promise<R>,
): Promise<(R extends ClientResponse<infer O, infer S, string> ? (S extends SuccessStatus ? O : never) : never) | null> {
  const res = (await call) as unknown as Response;
  if (res.status === 401) return null;
  await throwIfResNotOk(res);
  return (await readBody(res)) as never;
}

// Bodies that go on the wire as they are: the browser sets their Content-Type (multipart boundary).
function isRawBody(body: unknown): body is FormData | Blob {
  return body instanceof FormData || body instanceof Blob;
}

async function readBody<T>(res: Response): Promise<T | null> {
  if (res.status === 204) return null;
  const text = await res.text();
  if (!text) return null;
  const type = res.headers.get("Content-Type") ?? "";
  return (type.includes("json") ? JSON.parse(text) : text) as T;
}

export interface RequestOptions {
  // Overrides the Content-Type of a raw body (a file PUT to an upload URL).
  contentType?: string;
  signal?: AbortSignal;
}

export async function apiRequest<T = unknown>(
  method: string,
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T | null> {
  const headers: Record<string, string> = {};
  let payload: BodyInit | undefined;
  if (body !== undefined) {
    if (isRawBody(body)) {
      payload = body;
      if (options.contentType) headers["Content-Type"] = options.contentType;
    } else {
      payload = JSON.stringify(body);
      headers["Content-Type"] = "application/json";
    }
  }
  const res = await fetch(url, { method, headers, body: payload, credentials: "include", signal: options.signal });
  await throwIfResNotOk(res);
  return readBody<T>(res);
}

export type UnauthorizedBehavior = "returnNull" | "throw";

// Reads answer null on 401: "not signed in" is a state, not an error.
export async function apiGet<T>(
  url: string,
  { on401 = "returnNull", signal }: { on401?: UnauthorizedBehavior; signal?: AbortSignal } = {},
): Promise<T | null> {
  const res = await fetch(url, { credentials: "include", signal });
  if (on401 === "returnNull" && res.status === 401) return null;
  await throwIfResNotOk(res);
  return readBody<T>(res);
}

// A query key is the URL split into segments, optionally ending with an object of query parameters.
export function urlFromQueryKey(queryKey: readonly unknown[]): string {
  const segments: string[] = [];
  let params: Record<string, unknown> | undefined;
  for (const part of queryKey) {
    if (part !== null && typeof part === "object") params = part as Record<string, unknown>;
    else if (part !== undefined && part !== null) segments.push(String(part));
  }
  let url = segments.join("/");
  if (params) {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) {
      if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
    }
    const qs = search.toString();
    if (qs) url += `?${qs}`;
  }
  return url;
}

export function getQueryFn(on401: UnauthorizedBehavior = "returnNull") {
  return ({ queryKey, signal }: { queryKey: readonly unknown[]; signal?: AbortSignal }) =>
    apiGet<unknown>(urlFromQueryKey(queryKey), { on401, signal });
}

// Every page of a list the server cuts, following X-Next-Cursor (the `before` of the next page), in
// the server's order: for lists the console shows whole (prompts), so none is silently left out.
export async function apiGetAllPages<T>(url: string, { signal, maxPages = 100 }: { signal?: AbortSignal; maxPages?: number } = {}): Promise<T[]> {
  const all: T[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < maxPages; page += 1) {
    const pageUrl: string = cursor ? `${url}${url.includes("?") ? "&" : "?"}before=${encodeURIComponent(cursor)}` : url;
    const res = await fetch(pageUrl, { credentials: "include", signal });
    if (res.status === 401) return all;
    await throwIfResNotOk(res);
    all.push(...((await res.json()) as T[]));
    cursor = res.headers.get("X-Next-Cursor");
    if (!cursor) break;
  }
  return all;
}
