import type { JobMessage } from "@shared/jobs";
import type { Db } from "@worker/db/client";
import { giveUpAiReply, runAiReply } from "@worker/features/agent/reply";
import { runFeedbackAnalysis } from "@worker/features/agent/feedback";
import { purgeExpired } from "@worker/features/auth/service";
import { runDetection } from "@worker/features/lead-detection/service";
import { runSourceSlot } from "@worker/features/lead-sources/plan";
import { giveUpLeadSourceSync, runLeadSourceSync, SourceRetryLater } from "@worker/features/lead-sources/sync";
import { giveUpMediaFetch, runMediaFetch } from "@worker/features/media/service";
import { expireQuestions } from "@worker/features/operator-questions/service";
import { purgeUnclaimedUploads } from "@worker/features/uploads/service";
import { syncWeather } from "@worker/features/weather/service";
import { runCalendarReminder } from "./calendar-reminder";
import { runFunnelEnroll } from "./funnel-enroll";
import { runFunnelExecute } from "./funnel-execute";
import { giveUpListImport, runListImportChunk } from "./list-import";
import { failSendMessage, RetryLater, runSendMessage } from "./send-message";
import { runTemplateSync } from "./template-sync";

type JobKind = JobMessage["kind"];
type Handler<K extends JobKind> = (env: Env, db: Db, job: Extract<JobMessage, { kind: K }>) => Promise<unknown>;

// Each job kind and the feature that runs it. Every handler is idempotent: queues deliver at least once.
export const JOB_HANDLERS: { [K in JobKind]: Handler<K> } = {
  // Deleting what has expired is naturally idempotent.
  "sessions.purge": (_env, db) => purgeExpired(db),
  "uploads.purge": (env) => purgeUnclaimedUploads(env),
  "message.send": (env, db, job) => runSendMessage(env, db, job),
  "ai.reply": (env, db, job) => runAiReply(env, db, job),
  "media.fetch": (env, db, job) => runMediaFetch(env, db, job),
  "feedback.analyse": (env, db, job) => runFeedbackAnalysis(env, db, job),
  "operator-questions.expire": (env, db) => expireQuestions(env, db),
  "weather.sync": (env, db) => syncWeather(env, db),
  "template.sync": (env, db, job) => runTemplateSync(env, db, job),
  "list.import.csv": (env, db, job) => runListImportChunk(env, db, job),
  "list.import.airtable": (env, db, job) => runListImportChunk(env, db, job),
  "calendar.reminder": (env, db, job) => runCalendarReminder(env, db, job),
  // Idempotent: the analysis is claimed per customer message and the notification per number.
  "lead.detect": (env, db, job) => runDetection(env, db, job.conversationId),
  "funnel.enroll": (env, db, job) => runFunnelEnroll(env, db, job),
  "funnel.execute": (env, db, job) => runFunnelExecute(env, db, job),
  "lead-source.slot": (env, db, job) => runSourceSlot(env, db, job),
  "lead-source.sync": async (env, db, job) => {
    try {
      return await runLeadSourceSync(env, db, job);
    } catch (err) {
      if (err instanceof SourceRetryLater) throw new RetryLater(err.delaySeconds);
      throw err;
    }
  },
};

// What the user sees once a job of these kinds has used up its retries; the others end silently.
export const GIVE_UP_HANDLERS: { [K in JobKind]?: Handler<K> } = {
  "message.send": (env, db, job) => failSendMessage(env, db, job),
  "ai.reply": (env, db, job) => giveUpAiReply(env, db, job),
  "list.import.csv": (_env, db, job) => giveUpListImport(db, job),
  "list.import.airtable": (_env, db, job) => giveUpListImport(db, job),
  "media.fetch": (env, db, job) => giveUpMediaFetch(env, db, job),
  "lead-source.sync": (_env, db, job) => giveUpLeadSourceSync(db, job),
};

// TypeScript cannot tie a table's entry to the job's own kind, so the lookup says it once here.
type AnyHandler = (env: Env, db: Db, job: JobMessage) => Promise<unknown>;
export const runJob = (job: JobMessage, env: Env, db: Db) => (JOB_HANDLERS[job.kind] as AnyHandler)(env, db, job);
export const giveUp = async (job: JobMessage, env: Env, db: Db) => {
  const handler = GIVE_UP_HANDLERS[job.kind] as AnyHandler | undefined;
  if (handler) await handler(env, db, job);
};
