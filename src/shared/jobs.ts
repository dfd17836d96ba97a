import { z } from "zod";

// Every message on the jobs queue. Each carries an idempotency key; every consumer is idempotent
// because queues deliver at least once.
export const jobMessageSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("sessions.purge"), idempotencyKey: z.string().min(1) }),
  z.object({ kind: z.literal("message.send"), messageId: z.string().min(1), idempotencyKey: z.string().min(1) }),
  z.object({
    kind: z.literal("ai.reply"),
    conversationId: z.string().min(1),
    replyToId: z.string().min(1),
    idempotencyKey: z.string().min(1),
  }),
  z.object({ kind: z.literal("feedback.analyse"), messageId: z.string().min(1), idempotencyKey: z.string().min(1) }),
]);
export type JobMessage = z.infer<typeof jobMessageSchema>;
