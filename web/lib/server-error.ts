// Errors thrown by the API client read "<status>: <body>"; the body is usually { error, details? }.
export interface ServerError {
  status: number | null;
  message: string | null;
  details: unknown;
}

export function parseServerError(err: unknown): ServerError {
  const raw = err instanceof Error ? err.message : typeof err === "string" ? err : "";
  const match = /^(\d{3}): ([\s\S]*)$/.exec(raw);
  if (!match) return { status: null, message: null, details: undefined };
  const status = Number(match[1]);
  const body = match[2] ?? "";
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === "object" && "error" in parsed) {
      const { error, details } = parsed as { error: unknown; details?: unknown };
      return { status, message: typeof error === "string" && error ? error : null, details };
    }
    return { status, message: null, details: undefined };
  } catch {
    // A plain-text body (a proxy, an HTML error page) is not a message meant for people.
    return { status, message: null, details: undefined };
  }
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
