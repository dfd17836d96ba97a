import { type JobMessage, jobMessageSchema } from "../../src/shared/jobs";
import { createDb } from "../db/client";
import { purgeExpired } from "../features/auth/service";

const DEAD_LETTER_QUEUE = "agentbot-jobs-dlq";

// Consumer of the jobs queue and of its dead-letter queue. Each job kind has one handler;
// a body that matches no kind is acknowledged and logged, so it cannot loop forever.
export async function handleQueue(batch: MessageBatch, env: Env, _ctx: ExecutionContext) {
  for (const message of batch.messages) {
    const parsed = jobMessageSchema.safeParse(message.body);
    if (!parsed.success) {
      console.error("queue: unknown job", batch.queue, JSON.stringify(message.body).slice(0, 500));
      message.ack();
      continue;
    }
    if (batch.queue === DEAD_LETTER_QUEUE) {
      console.error("queue: job failed after its retries", parsed.data.kind, parsed.data.idempotencyKey);
      message.ack();
      continue;
    }
    try {
      await runJob(parsed.data, env);
      message.ack();
    } catch (err) {
      // Exponential backoff: 2s, 4s, 8s … capped at 5 minutes; after max_retries the job goes to the DLQ.
      const delaySeconds = Math.min(300, 2 ** message.attempts);
      console.warn("queue: job failed, will retry", parsed.data.kind, (err as Error).message);
      message.retry({ delaySeconds });
    }
  }
}

async function runJob(job: JobMessage, env: Env) {
  switch (job.kind) {
    case "sessions.purge":
      // Deleting what has expired is naturally idempotent.
      await purgeExpired(createDb(env.DB));
      return;
  }
}
