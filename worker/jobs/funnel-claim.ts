import type { JobMessage } from "@shared/jobs";
import type { Db } from "../db/client";
import * as repo from "../features/campaigns/repo";
import { enrollJob } from "../features/campaigns/enroll";
import { senderMps } from "../features/campaigns/service";

// A claim not finished within this long belongs to a worker that died: the next tick takes it again.
const CLAIM_LEASE_MS = 5 * 60_000;
// Each tick keeps about this many seconds of sends on their way per sender: a little more than the
// minute until the next tick, so the sender never idles, and no pile-up in the queue.
const CLAIM_WINDOW_SECONDS = 90;
const CLAIM_MAX_PER_SENDER = 5000;
// Each job runs its executions side by side and writes their messages together (./campaign-outbox): about
// ten D1 calls, one queue call and at most two subrequests per job whatever its size, so a queue batch
// of fifty such jobs stays inside one invocation's limits of 1,000 each.
const EXECUTIONS_PER_JOB = 25;

// Cron: enroll new leads of every active campaign, complete calendar broadcasts that are done, and
// claim each sender's due executions. The claimed ones go out as jobs delayed to the second their
// sends are due at the sender's rate, so the per-sender limiter only smooths, never waits long.
export async function dueFunnelJobs(env: Env, db: Db, now: Date): Promise<MessageSendRequest<JobMessage>[]> {
  await repo.completeCalendarCampaigns(db, now);
  const campaigns = await repo.activeCampaigns(db);
  const out: MessageSendRequest<JobMessage>[] = campaigns.map((c) => ({ body: enrollJob(c.id) }));
  const mps = senderMps(env);
  const leaseStart = new Date(now.getTime() - CLAIM_LEASE_MS);
  const tick = crypto.randomUUID();
  for (const accountId of new Set(campaigns.map((c) => c.twilioAccountId))) {
    const inFlight = await repo.countInFlight(db, accountId, leaseStart);
    const room = Math.min(CLAIM_MAX_PER_SENDER, Math.floor(mps * CLAIM_WINDOW_SECONDS) - inFlight);
    if (room <= 0) continue;
    const ids = await repo.claimDue(db, accountId, now, leaseStart, tick, room);
    for (let i = 0; i < ids.length; i += EXECUTIONS_PER_JOB) {
      out.push({
        body: { kind: "funnel.execute", executionIds: ids.slice(i, i + EXECUTIONS_PER_JOB), idempotencyKey: `funnel.execute:${tick}:${i}` },
        delaySeconds: Math.floor((inFlight + i) / mps),
      });
    }
  }
  return out;
}
