import type { ProviderTemplate } from "@shared/sandbox-templates";
import { fillTemplate, resolveVariables } from "@shared/template-variables";
import { type Db, runBatch } from "../db/client";
import { type AccountRow, findAccount } from "../features/accounts/repo";
import * as repo from "../features/campaigns/repo";
import { stepDueAt } from "../features/campaigns/schedule";
import { leadContext } from "../features/campaigns/variables";
import { findProviderTemplate } from "../features/provider-templates/service";
import { positionsOf } from "../features/provider-templates/variables";
import { groupByAccount, type PlannedSend, sendTemplates } from "./campaign-outbox";

// What one job looks up once for all its executions.
interface JobCache {
  steps: Map<string, Promise<repo.StepRow[]>>;
  accounts: Map<string, Promise<AccountRow | undefined>>;
  templates: Map<string, Promise<ProviderTemplate | null>>;
}

// Runs executions claimed by a cron tick, side by side. Only a still-claimed execution of an active
// campaign is run; a paused campaign's goes back to pending, a deleted campaign's no longer exists.
// A message step sends its template through the conversation path (the message appears in the chat)
// as a message with the execution's own id, so a redelivered or overlapping job sends nothing twice.
// The messages of one job are written together (./campaign-outbox): a few D1 round trips and one
// queue call for the whole job instead of several per message.
export async function runFunnelExecute(env: Env, db: Db, job: { executionIds: string[] }, now = new Date()) {
  const cache: JobCache = { steps: new Map(), accounts: new Map(), templates: new Map() };
  const contexts = await repo.executionContexts(db, job.executionIds);
  const sends: PlannedSend[] = [];
  const results = await Promise.allSettled(contexts.map((ctx) => execute(env, db, ctx, cache, now, sends)));
  // The queue retries the job; the executions that went through are not claimed any more and are left alone.
  const failure = results.find((r) => r.status === "rejected");
  const sent = await Promise.allSettled(groupByAccount(sends).map((group) => sendTemplates(env, db, group, now)));
  if (failure) throw failure.reason;
  const sendFailure = sent.find((r) => r.status === "rejected");
  if (sendFailure) throw sendFailure.reason;
}

// Keeps the promise of the first load. drizzle's queries are thenables that run again on every await,
// so a stored query, not its promise, would be read once for each execution.
function cached<T>(map: Map<string, Promise<T>>, key: string, load: () => PromiseLike<T>) {
  if (!map.has(key)) map.set(key, Promise.resolve(load()));
  return map.get(key)!;
}

async function execute(env: Env, db: Db, ctx: repo.ClaimedExecution, cache: JobCache, now: Date, sends: PlannedSend[]) {
  const { execution, campaign, step, run, lead } = ctx;
  if (execution.status !== "claimed") return; // an earlier delivery of this job ran it
  if (campaign.status !== "active") return void (await repo.releaseExecution(db, execution.id));

  const finish = (status: repo.ExecutionStatus, next: repo.StepOutcome["next"], failed = false) =>
    runBatch(db, [
      ...repo.finishStatements(db, { execution, status, now, next }),
      ...(failed ? repo.countStatements(db, { id: execution.id }, repo.COUNTED.failed) : []),
    ]);
  const steps = await cached(cache.steps, campaign.id, () => repo.activeSteps(db, campaign.id));
  const following = steps.find((s) => s.stepOrder > step.stepOrder);
  // The next step counts its delay from now, this step's execution.
  const goOn: repo.StepOutcome["next"] = following ? { step: following, dueAt: stepDueAt(following, now, campaign) } : { runEnds: "completed" };

  if (run.state !== "active" || !step.isActive) return finish("cancelled", run.state === "active" ? goOn : { runEnds: "stopped" });
  if (step.stepType === "conditional_reply") {
    const replied = await repo.customerReplied(db, { accountId: campaign.twilioAccountId, phone: lead.phone ?? "", runId: execution.runId, runStartedAt: run.startedAt });
    return replied ? finish("replied", { runEnds: "completed" }) : finish("passed", goOn);
  }
  if (ctx.optedOut) return finish("opted_out", { runEnds: "stopped" });
  // An operator is talking with this customer: this message is left out, the funnel goes on.
  if (ctx.operatorMode) return finish("skipped", goOn);

  const account = await cached(cache.accounts, campaign.twilioAccountId, () => findAccount(db, campaign.twilioAccountId));
  if (!account) return;
  const template = step.templateSid
    ? await cached(cache.templates, step.templateSid, async () => {
        const found = await findProviderTemplate(env, account, step.templateSid!);
        return found?.status === "approved" ? found : null;
      })
    : null;
  if (!template || !lead.phone) return finish("failed", goOn, true);
  // A lead that joined or changed after the campaign started may lack a value: it gets no message
  // rather than an empty or placeholder one.
  const positions = positionsOf(template);
  const { values, missing } = resolveVariables(positions, step.variableBindings, leadContext(lead));
  if (missing.length > 0) return finish("failed", goOn, true);
  const filled = { content: fillTemplate(template.bodyText, values), variables: positions.length ? values : null };
  sends.push({ ctx, phone: lead.phone, account, template, filled, goOn });
}
