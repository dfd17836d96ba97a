import type { JobMessage } from "../../src/shared/jobs";

// Every minute the cron finds what is due and hands the work to the jobs queue.
export async function handleScheduled(controller: ScheduledController, env: Env, _ctx: ExecutionContext) {
  const minute = new Date(controller.scheduledTime).toISOString().slice(0, 16);
  const due: JobMessage[] = [{ kind: "sessions.purge", idempotencyKey: `sessions.purge:${minute}` }];
  await env.JOBS.sendBatch(due.map((body) => ({ body })));
}
