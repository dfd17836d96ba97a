import type { JobMessage } from "@shared/jobs";
import { createDb } from "../db/client";
import { expireJob } from "../features/operator-questions/service";
import { WEATHER_SYNC_EVERY_MINUTES } from "@shared/weather";
import { dueTemplateSyncJobs } from "./template-sync";
import { dueCalendarReminderJobs } from "./calendar-reminder";
import { dueDetectionJobs } from "../features/lead-detection/service";
import { dueFunnelJobs } from "./funnel-claim";
import { sweepOutbox } from "./send-message";
import { startDueListSyncs } from "../features/lists/service";
import { dueLeadSourceSyncJobs } from "../features/lead-sources/sync";
import { dueSourcePlanJobs } from "../features/lead-sources/plan";

// Queues.sendBatch takes at most 100 messages per call.
const SEND_BATCH_MAX = 100;

// Every minute the cron finds what is due and hands the work to the jobs queue.
export async function handleScheduled(controller: ScheduledController, env: Env, _ctx: ExecutionContext) {
  const now = new Date(controller.scheduledTime);
  const minute = now.toISOString().slice(0, 16);
  const db = createDb(env.DB);
  const jobs: JobMessage[] = [{ kind: "sessions.purge", idempotencyKey: `sessions.purge:${minute}` }, expireJob(minute), ...weatherJobs(now, minute), ...uploadJobs(now, minute), ...(await dueTemplateSyncJobs(db, now)), ...(await dueCalendarReminderJobs(db, now)), ...(await dueDetectionJobs(db, now)), ...(await dueLeadSourceSyncJobs(db, now)), ...(await dueSourcePlanJobs(db, now))];
  // Dynamic Airtable lists due for a re-sync start their import (it queues its own jobs).
  await startDueListSyncs(env, db, now).catch((err) => console.error("cron: list syncs", err));
  const due: MessageSendRequest<JobMessage>[] = [...jobs.map((body) => ({ body })), ...(await dueFunnelJobs(env, db, now))];
  for (let i = 0; i < due.length; i += SEND_BATCH_MAX) {
    await env.JOBS.sendBatch(due.slice(i, i + SEND_BATCH_MAX));
  }
  // Outbound messages whose send job was lost go back on the queue.
  await sweepOutbox(env, db, now);
}

function uploadJobs(now: Date, minute: string): JobMessage[] {
  return now.getUTCMinutes() === 0 ? [{ kind: "uploads.purge", idempotencyKey: `uploads.purge:${minute}` }] : [];
}

function weatherJobs(now: Date, minute: string): JobMessage[] {
  return now.getUTCMinutes() % WEATHER_SYNC_EVERY_MINUTES === 0 ? [{ kind: "weather.sync", idempotencyKey: `weather.sync:${minute}` }] : [];
}
