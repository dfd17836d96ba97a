import type { JobMessage } from "@shared/jobs";
import type { Db } from "@worker/db/client";
import * as repo from "./repo";
import { stepDueAt } from "./schedule";

// Leads per batch: a few set-based statements in one transaction, far inside D1's limits.
const ENROLL_BATCH = 1000;

export function enrollJob(campaignId: string, batchSize?: number): JobMessage {
  return { kind: "funnel.enroll", campaignId, ...(batchSize ? { batchSize } : {}), idempotencyKey: `funnel.enroll:${campaignId}:${Date.now()}` };
}

// Starts the funnel for the next leads of an active campaign's list that have none (imports, the Lead
// Manager API and manual adds included). A full batch hands on to a queued follow-up, so a list of any
// size is enrolled in bounded steps; the cron enrolls later arrivals at its next tick.
export async function enrollNext(env: Env, db: Db, job: { campaignId: string; batchSize?: number }, now = new Date()) {
  const campaign = await repo.findCampaign(db, job.campaignId);
  if (!campaign || campaign.status !== "active" || !campaign.targetListId) return;
  const batchSize = job.batchSize ?? ENROLL_BATCH;
  // A calendar broadcast's runs start at its time; a dynamic campaign's when the lead enters.
  const startedAt = campaign.scheduledAt && campaign.scheduledAt > now ? campaign.scheduledAt : now;
  const [first] = await repo.activeSteps(db, campaign.id);
  const started = await repo.enroll(db, {
    campaignId: campaign.id,
    listId: campaign.targetListId,
    startedAt,
    first: first ? { step: first, dueAt: stepDueAt(first, startedAt, campaign) } : null,
    batchSize,
  });
  if (started >= batchSize) await env.JOBS.send(enrollJob(campaign.id, job.batchSize));
}
