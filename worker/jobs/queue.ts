import { jobMessageSchema } from "@shared/jobs";
import { createDb, type Db } from "../db/client";
import { runCallers, sharingRoundTrips } from "../db/shared-round-trip";
import { ModelProviderError } from "../providers/openai";
import { giveUp, runJob } from "./handlers";
import { RetryLater } from "./send-message";

export const DEAD_LETTER_QUEUE = "agentbot-jobs-dlq";

// Consumer of the jobs queue and of its dead-letter queue. Each job kind has one handler (./handlers.ts);
// a body that matches no kind is acknowledged and logged, so it cannot loop forever.
// Jobs of a batch run side by side (a send may wait for its sender's rate limit, and must not hold
// up the others), except jobs of one conversation, which keep their order.
export async function handleQueue(batch: MessageBatch, env: Env, _ctx: ExecutionContext) {
  // The batch's jobs share D1 round trips where they ask at once (its sends' claims).
  const db = sharingRoundTrips(createDb(env.DB));
  const lanes = new Map<string, Message[]>();
  for (const message of batch.messages) {
    const body = message.body as { conversationId?: unknown } | null;
    const key = typeof body?.conversationId === "string" ? `conversation:${body.conversationId}` : `message:${message.id}`;
    lanes.set(key, [...(lanes.get(key) ?? []), message]);
  }
  await runCallers(
    db,
    [...lanes.values()].map((lane) => async () => {
      for (const message of lane) await handleMessage(message, batch.queue, env, db);
    }),
  );
}

async function handleMessage(message: Message, queue: string, env: Env, db: Db) {
  const parsed = jobMessageSchema.safeParse(message.body);
  if (!parsed.success) {
    console.error("queue: unknown job", queue, JSON.stringify(message.body).slice(0, 500));
    message.ack();
    return;
  }
  if (queue === DEAD_LETTER_QUEUE) {
    console.error("queue: job failed after its retries", parsed.data.kind, parsed.data.idempotencyKey);
    await giveUp(parsed.data, env, db).catch((err) => console.error("queue: could not record the failure", err));
    message.ack();
    return;
  }
  try {
    await runJob(parsed.data, env, db);
    message.ack();
  } catch (err) {
    // A model error no retry can fix (bad request, wrong key, unknown model, no credit) ends the job.
    if (err instanceof ModelProviderError && err.permanent) {
      console.error("queue: job failed for good", parsed.data.kind, err.message);
      message.ack();
      return;
    }
    // Exponential backoff: 2s, 4s, 8s … capped at 5 minutes; after max_retries the job goes to the DLQ.
    // A provider's Retry-After is honoured instead.
    const delaySeconds =
      err instanceof RetryLater
        ? err.delaySeconds
        : err instanceof ModelProviderError && err.retryAfterSeconds
          ? err.retryAfterSeconds
          : Math.min(300, 2 ** message.attempts);
    console.warn("queue: job failed, will retry", parsed.data.kind, (err as Error).message);
    message.retry({ delaySeconds });
  }
}
