import { z } from "zod";
import { T } from "../strings";

// The zod building blocks several schemas share.

// Optional free text: trimmed, at most `max` characters; blank, null or absent become null.
export const optionalText = (max: number, error?: string) =>
  z
    .string(error === undefined ? undefined : { error })
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

// A page read by cursor, newest first: `limit` from 1 to `max` (else `pageSize`), and `before`, the
// X-Next-Cursor the previous page answered.
export function cursorPageQuery(pageSize: number, max: number) {
  const limitInvalid = T.pageLimitInvalid(max);
  const beforeInvalid = T.beforeInvalid;
  return z.object({
    limit: z.coerce
      .number({ error: limitInvalid })
      .int({ error: limitInvalid })
      .min(1, { error: limitInvalid })
      .max(max, { error: limitInvalid })
      .optional()
      .default(pageSize),
    before: z.string({ error: beforeInvalid }).min(1, { error: beforeInvalid }).max(64, { error: beforeInvalid }).optional(),
  });
}
