import { z } from "zod";
import { SAVED_REPLY_TEXTS as TX } from "../texts/saved-replies";

export const savedReplySchema = z.object({
  shortcut: z
    .string({ error: TX.shortcutRequired })
    .trim()
    .min(1, TX.shortcutRequired)
    .max(30, TX.shortcutInvalid)
    .regex(/^[\p{L}\p{N}_-]+$/u, TX.shortcutInvalid)
    .transform((v) => v.toLowerCase()),
  content: z.string({ error: TX.contentRequired }).trim().min(1, TX.contentRequired).max(1600, TX.contentTooLong),
});

export const savedReplyIdParam = z.object({ id: z.string().min(1).max(64) });
