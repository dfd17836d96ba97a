import type { JobMessage } from "@shared/jobs";
import type { Db } from "../db/client";
import { dueDetectionJobs, runDetection } from "../features/lead-detection/service";

// Cron: conversations whose newest customer message Lead Detection AI has not analysed yet
// (the AI reply path queues most of them itself).
export function dueLeadDetectionJobs(db: Db, now: Date): Promise<JobMessage[]> {
  return dueDetectionJobs(db, now);
}

// Idempotent: the analysis is claimed per customer message and the notification per number.
export function runLeadDetection(env: Env, db: Db, job: { conversationId: string }) {
  return runDetection(env, db, job.conversationId);
}
