// A lead source's plan at work: the cron claims each due slot once and queues a job per slot; the job
// sends the slot's message to the source's leads (new or contacted) that have not had it. A talking
// schedule's message goes as free text inside WhatsApp's 24-hour window and as the source's approved
// template outside it; each lead's message has an id made from the source, the schedule and the lead,
// so a lead gets each schedule's message once however often the slot comes round or the job runs.
import type { JobMessage } from "@shared/jobs";
import { plannedSends, sendsAt } from "@shared/lead-source-plan";
import type { Db } from "@worker/db/client";
import { sha256Hex } from "@worker/lib/crypto";
import { HttpError } from "@worker/lib/http-error";
import { findAccount } from "../accounts/repo";
import * as conversations from "../conversations/repo";
import { queueOutbound, windowOpenUntil } from "../conversations/service";
import * as templates from "../templates/repo";
import { internalTemplateSid } from "../templates/service";
import * as repo from "./repo";
import { autoRespond, fillSourceTemplate, planOf } from "./service";

const SOURCES_PER_TICK = 50;
const LEADS_PER_PAGE = 100;
const SENT_KEYS_KEPT = 50;

export async function dueSourcePlanJobs(db: Db, now: Date): Promise<JobMessage[]> {
  const jobs: JobMessage[] = [];
  for (const source of await repo.dueCampaignSources(db, now, SOURCES_PER_TICK)) {
    const dueAt = source.nextCampaignAt!;
    const plan = planOf(source);
    const [next] = plannedSends(plan, dueAt, 1, true);
    const due = sendsAt(plan, dueAt);
    const sent = [...(source.talkingSchedulesSent ?? []), ...due.map((s) => `${dueAt.toISOString()}#${s.key}`)].slice(-SENT_KEYS_KEPT);
    if (!(await repo.claimCampaignSlot(db, source, dueAt, next?.at ?? null, sent))) continue;
    for (const s of due) {
      jobs.push({ kind: "lead-source.slot", sourceId: source.id, at: dueAt.getTime(), key: s.key, idempotencyKey: `lead-source.slot:${source.id}:${dueAt.getTime()}:${s.key}` });
    }
  }
  return jobs;
}

export async function runSourceSlot(env: Env, db: Db, job: { sourceId: string; at: number; key: string }, now = new Date()) {
  const source = await repo.findSource(db, job.sourceId);
  if (!source || !source.isActive) return;
  const account = await findAccount(db, source.twilioAccountId);
  if (!account) return;
  const owner = { account, userId: source.userId };
  const talk = job.key.startsWith("talk:") ? source.talkingSchedules?.[Number(job.key.slice(5))] : null;
  if (job.key !== "campaign" && !talk) return; // the schedule was removed since
  const template = source.templateId ? await templates.findTemplate(db, source.templateId) : undefined;
  const usable = template && template.status === "approved" && (account.sandbox || !!template.externalTemplateId) ? template : null;
  for (let afterId = ""; ; ) {
    const page = await repo.plannedRecipients(db, source.id, afterId, LEADS_PER_PAGE);
    for (const lead of page) {
      if (!talk) {
        await autoRespond(env, db, owner, source, lead, now, true);
        continue;
      }
      const scheduleKey = `${talk.hour}:${talk.minute}:${talk.message}`;
      const id = `ts${(await sha256Hex(`${source.id}|${scheduleKey}|${lead.id}`)).slice(0, 30)}`;
      const existing = await conversations.findConversationByPhone(db, account.id, lead.phoneNumber);
      const until = existing ? windowOpenUntil(existing) : null;
      const inWindow = !!until && until > now;
      if (!inWindow && !usable) continue; // outside the window only an approved template may go
      // A lead without a value for some {{n}} is not sent the template (the reason is kept on the lead),
      // and no empty chat is opened for it.
      const filled = inWindow ? null : await fillSourceTemplate(db, source, usable!, lead);
      if (filled && "blocked" in filled) continue;
      const conversation =
        existing ?? (await conversations.ensureConversation(db, { userId: source.userId, twilioAccountId: account.id, phoneNumber: lead.phoneNumber, customerName: lead.name }));
      try {
        await queueOutbound(
          env,
          db,
          conversation,
          filled
            ? { id, content: filled.content, sender: "operator", templateSid: internalTemplateSid(usable!), templateVariables: filled.variables }
            : { id, content: talk.message, sender: "operator" },
          now,
        );
      } catch (err) {
        if (err instanceof HttpError && err.status === 409) continue; // opted out
        throw err;
      }
      await repo.updateLead(db, lead.id, {
        conversationId: conversation.id,
        status: lead.status === "new" ? "contacted" : lead.status,
        lastContactedAt: now,
        ...(filled ? { templateBlocked: null } : {}),
      });
    }
    if (page.length < LEADS_PER_PAGE) return;
    afterId = page[page.length - 1]!.id;
  }
}
