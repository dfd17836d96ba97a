import type { ContentfulStatusCode } from "hono/utils/http-status";
import { T } from "@shared/strings";

// Thrown by services; app.onError turns it into the one error shape { error, details? }.
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const notFound = (message: string = T.notFoundApi) => new HttpError(404, message);
export const forbidden = (message: string = T.forbidden) => new HttpError(403, message);
export const badRequest = (message: string, details?: unknown) => new HttpError(400, message, details);
export const conflict = (message: string) => new HttpError(409, message);

// 429 with the seconds to wait, which app.onError sends as Retry-After.
export class TooManyRequests extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}
