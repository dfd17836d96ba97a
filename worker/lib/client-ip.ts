import type { Context } from "hono";

// The caller's address as Cloudflare reports it (X-Forwarded-For behind a local proxy).
export function clientIp(c: Context): string {
  return c.req.header("CF-Connecting-IP") ?? c.req.header("X-Forwarded-For")?.split(",")[0]?.trim() ?? "local";
}
