import { z } from "zod";

// Frames on a conversation's live socket, in both directions, shared by worker and web.
export const clientFrameSchema = z.discriminatedUnion("type", [z.object({ type: z.literal("ping") })]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;

export const serverFrameSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("pong"), at: z.number() }),
  z.object({ type: z.literal("error"), message: z.string() }),
]);
export type ServerFrame = z.infer<typeof serverFrameSchema>;
