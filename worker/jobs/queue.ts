import { type JobMessage, jobMessageSchema } from "@shared/jobs";
import { createDb, type Db } from "../db/client";
import { purgeExpired } from "../features/auth/service";
import { purgeUnclaimedUploads } from "../features/uploads/service";
import * as conversations from "../features/conversations/repo";
import { publishConversation } from "../features/conversations/service";
import { runAiReply } from "../features/agent/reply";
import { runFeedbackAnalysis } from "../features/agent/feedback";
import { expireQuestions } from "../features/operator-questions/service";
import { syncWeather } from "../features/weather/service";
import { giveUpListImport, runListImportChunk } from "./list-import";
import { failSendMessage, RetryLater, runSendMessage } from "./send-message";
import { ModelProviderError } from "../providers/openai";
import { runTemplateSync } from "./template-sync";
import { runCalendarReminder } from "./calendar-reminder";
import { runLeadDetection } from "./lead-detection";
import { runFunnelEnroll } from "./funnel-enroll";
import { runFunnelExecute } from "./funnel-execute";
import { giveUpMediaFetch, runMediaFetch } from "../features/media/service";
import { giveUpLeadSourceSync, runLeadSourceSync, SourceRetryLater } from "../features/lead-sources/sync";
import { runSourceSlot } from "../features/lead-sources/plan";

export const DEAD_LETTER_QUEUE = "agentbot-jobs-dlq";

// Consumer of the jobs queue and of its dead-letter queue. Each job kind has one handler;
// a body that matches no kind is acknowledged and logged, so it cannot loop forever.
// Jobs of a batch run side by side (a send may wait for its sender's rate limit, and must not hold
// up the others), except jobs of one conversation, which keep their order.
export async function handleQueue(batch: MessageBatch, env: Env, _ctx: ExecutionContext) {
  const db = createDb(env.DB);
  const lanes = new Map<string, Message[]>();
  for (const message of batch.messages) {
    const body = message.body as { conversationId?: unknown } | null;
    const key = typeof body?.conversationId === "string" ? `conversation:${body.conversationId}` : `message:${message.id}`;
    lanes.set(key, [...(lanes.get(key) ?? []), message]);
  }
  await Promise.all(
    [...lanes.values()].map(async (lane) => {
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

async function runJob(job: JobMessage, env: Env, db: Db) {
  switch (job.kind) {
    case "sessions.purge":
      // Deleting what has expired is naturally idempotent.
      return purgeExpired(db);
    case "uploads.purge":
      return void (await purgeUnclaimedUploads(env));
    case "message.send":
      return runSendMessage(env, db, job);
    case "ai.reply":
      return runAiReply(env, db, job);
    case "media.fetch":
      return runMediaFetch(env, db, job);
    case "feedback.analyse":
      return runFeedbackAnalysis(env, db, job);
    case "operator-questions.expire":
      return void (await expireQuestions(env, db));
    case "weather.sync":
      return void (await syncWeather(env, db));
    case "template.sync":
      return runTemplateSync(env, db, job);
    case "list.import.csv":
    case "list.import.airtable":
      return runListImportChunk(env, db, job);
    case "calendar.reminder":
      return runCalendarReminder(env, db, job);
    case "lead.detect":
      return runLeadDetection(env, db, job);
    case "funnel.enroll":
      return runFunnelEnroll(env, db, job);
    case "funnel.execute":
      return runFunnelExecute(env, db, job);
    case "lead-source.slot":
      return runSourceSlot(env, db, job);
    case "lead-source.sync":
      try {
        return await runLeadSourceSync(env, db, job);
      } catch (err) {
        if (err instanceof SourceRetryLater) throw new RetryLater(err.delaySeconds);
        throw err;
      }
  }
}

// What the user sees once a job has used up its retries.
async function giveUp(job: JobMessage, env: Env, db: Db) {
  switch (job.kind) {
    case "message.send":
      return failSendMessage(env, db, job);
    case "ai.reply":
      await conversations.updateConversation(db, job.conversationId, {
        aiStatus: "failed",
        aiError: "L'AI non è riuscita a rispondere dopo diversi tentativi: rispondi tu dalla chat.",
      });
      return publishConversation(env, db, job.conversationId);
    case "list.import.csv":
    case "list.import.airtable":
      return giveUpListImport(db, job);
    case "media.fetch":
      return giveUpMediaFetch(env, db, job);
    case "lead-source.sync":
      return giveUpLeadSourceSync(db, job);
    default:
      return;
  }
}
