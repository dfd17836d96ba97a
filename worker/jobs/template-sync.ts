import type { Db } from "../db/client";
import { dueTemplateSyncs, syncApproval } from "../features/templates/service";
import type { JobMessage } from "@shared/jobs";

// One WhatsApp approval check for one pending template; the cron asks for it every minute.
export function runTemplateSync(env: Env, db: Db, job: { templateId: string }) {
  return syncApproval(env, db, job.templateId);
}

export async function dueTemplateSyncJobs(db: Db, now: Date): Promise<JobMessage[]> {
  const minute = now.toISOString().slice(0, 16);
  const due = await dueTemplateSyncs(db, now);
  return due.map(({ id }) => ({ kind: "template.sync", templateId: id, idempotencyKey: `template.sync:${id}:${minute}` }));
}
