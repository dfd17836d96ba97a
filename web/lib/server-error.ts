import { ApiError } from "./api-client";

// What the UI reads of a failure: the API client's ApiError, or nothing for any other error (a network
// failure, a bug), whose message is not meant for people.
export interface ServerError {
  status: number | null;
  message: string | null;
  details: unknown;
}

export function parseServerError(err: unknown): ServerError {
  if (!(err instanceof ApiError)) return { status: null, message: null, details: undefined };
  return { status: err.status, message: err.error, details: err.details };
}

// The server's `error` text, or the fallback when the failure carries none.
export function serverMessage(err: unknown, fallback: string): string {
  return parseServerError(err).message ?? fallback;
}

export function errorStatus(err: unknown): number | null {
  return parseServerError(err).status;
}

// 400 answers list zod issues as { path, message }; the first message per top-level field.
export function fieldErrorsFrom(err: unknown): Record<string, string> {
  const { details } = parseServerError(err);
  const out: Record<string, string> = {};
  if (!Array.isArray(details)) return out;
  for (const issue of details) {
    if (!issue || typeof issue !== "object") continue;
    const { path, message } = issue as { path?: unknown; message?: unknown };
    const field = typeof path === "string" ? path.split(".")[0] : Array.isArray(path) ? String(path[0] ?? "") : "";
    if (field && typeof message === "string" && !(field in out)) out[field] = message;
  }
  return out;
}
