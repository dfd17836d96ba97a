import type { Db } from "../db/client";
import { enrollNext } from "../features/campaigns/enroll";

// The next batch of a campaign's enrollment (after activation, a full batch, or a cron tick).
export function runFunnelEnroll(env: Env, db: Db, job: { campaignId: string; batchSize?: number }) {
  return enrollNext(env, db, job);
}
