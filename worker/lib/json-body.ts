import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { T } from "@shared/strings";
import { HttpError } from "./http-error";

// A JSON body is checked once, before any validator reads it. Schemas ignore unknown fields, so
// without these limits a valid body could carry an extra field of any size or depth.
// The largest legitimate body, a 200,000-character memory, stays well under 1 MB.
export const JSON_BODY_MAX_BYTES = 1024 * 1024;
export const JSON_MAX_DEPTH = 32;

const limit = bodyLimit({
  maxSize: JSON_BODY_MAX_BYTES,
  onError: () => {
    throw new HttpError(413, T.bodyTooLarge);
  },
});

// Walked with a stack, not recursion, so a deep body cannot exhaust the call stack.
function deeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== "object") continue;
    if (depth >= max) return true;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}

export const jsonBody: MiddlewareHandler = (c, next) => {
  if (!(c.req.header("Content-Type") ?? "").toLowerCase().startsWith("application/json")) return next();
  return limit(c, async () => {
    // Hono keeps the text, so the validators read the same body again.
    const text = await c.req.text();
    if (text !== "") {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        throw new HttpError(400, T.invalidJson);
      }
      if (deeperThan(value, JSON_MAX_DEPTH)) throw new HttpError(400, T.jsonTooDeep);
    }
    await next();
  });
};
