import { z } from "zod";

// Every message on the jobs queue. Each carries an idempotency key so a redelivered job does its work once.
export const jobMessageSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("sessions.purge"), idempotencyKey: z.string().min(1) }),
]);
export type JobMessage = z.infer<typeof jobMessageSchema>;
