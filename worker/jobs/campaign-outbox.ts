import type { JobMessage } from "@shared/jobs";
import type { ProviderTemplate } from "@shared/sandbox-templates";
import { type Db, runBatch } from "../db/client";
import { type BoundStatement, runStatements } from "../db/compiled";
import type { AccountRow } from "../features/accounts/repo";
import * as repo from "../features/campaigns/repo";
import * as conversations from "../features/conversations/repo";
import { publish, publishToAccount, toApiConversation, toApiMessage } from "../features/conversations/service";
import { liveListenersQuery } from "../features/live-access/repo";

// A campaign message a job decided to send: the lead's conversation is created or reused and takes the
// campaign's template (so the AI answers with the prompt linked to it), and the message goes to the outbox.
export interface PlannedSend {
  ctx: repo.ClaimedExecution;
  phone: string;
  account: AccountRow;
  template: ProviderTemplate;
  filled: { content: string; variables: Record<string, string> | null };
  goOn: repo.StepOutcome["next"];
}

// D1 binds at most 100 parameters per statement.
const IN_LIST_MAX = 90;
const QUEUE_BATCH_MAX = 100;

export function groupByAccount(sends: PlannedSend[]): PlannedSend[][] {
  const groups = new Map<string, PlannedSend[]>();
  for (const s of sends) groups.set(s.account.id, [...(groups.get(s.account.id) ?? []), s]);
  return [...groups.values()];
}

const chunks = <T>(list: T[], size: number) => Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

const sendJob = (messageId: string, conversationId: string): MessageSendRequest<JobMessage> => ({
  body: { kind: "message.send", messageId, conversationId, idempotencyKey: `message.send:${messageId}` },
});

// The messages of one account's sends, written together: the conversations upserted and the opt-outs
// read again in one batch; the messages (each under its execution's id, so a redelivered job inserts
// none twice) and the conversations' previews in a second; one queue call for their send jobs; then
// every execution finished in a third. Exactly as the one-by-one path: a number that opted out since
// the job's context was read gets no message and its run stops; a message stored by an earlier delivery
// of this job that never reached the queue is queued again (the send job's claim makes that harmless).
// Frames go only to the conversations and the account that have a live socket.
export async function sendTemplates(env: Env, db: Db, group: PlannedSend[], now: Date) {
  if (group.length === 0) return;
  const account = group[0]!.account;
  const phones = [...new Set(group.map((s) => s.phone))];
  const upserts = group.map((s) =>
    repo.upsertCampaignConversation(db, {
      userId: s.ctx.campaign.userId,
      accountId: account.id,
      phone: s.phone,
      customerName: [s.ctx.lead.nome, s.ctx.lead.cognome].filter(Boolean).join(" ") || null,
      template: s.template,
    }),
  );
  const optOutReads = chunks(phones, IN_LIST_MAX).map((list) => repo.optedOutAmong(db, account.id, list));
  const first = (await runStatements(db, [liveListenersQuery(db, account.id, "account", [account.id]), ...optOutReads, ...upserts])) as readonly unknown[][];
  const accountListened = (first[0] as { name: string }[]).length > 0;
  const optedOut = new Set(first.slice(1, 1 + optOutReads.length).flatMap((rows) => (rows as { phone: string }[]).map((r) => r.phone)));
  const conversationRows = first.slice(1 + optOutReads.length).map((rows) => (rows as conversations.ConversationRow[])[0]!);

  const finishing: BoundStatement<unknown>[] = [];
  const going: { send: PlannedSend; conversation: conversations.ConversationRow }[] = [];
  group.forEach((send, i) => {
    if (optedOut.has(send.phone)) finishing.push(...repo.finishStatements(db, { execution: send.ctx.execution, status: "opted_out", now, next: { runEnds: "stopped" } }));
    else going.push({ send, conversation: conversationRows[i]! });
  });

  if (going.length > 0) {
    const inserts = going.map(({ send, conversation }) =>
      repo.insertCampaignMessage(db, { id: send.ctx.execution.id, conversationId: conversation.id, filled: send.filled, templateSid: send.template.sid, now }),
    );
    const previews = going.map(({ send, conversation }) => conversations.updateConversation(db, conversation.id, { lastMessage: send.filled.content, lastMessageAt: now }));
    const ids = going.map((g) => g.conversation.id);
    const listenerReads = chunks(ids, IN_LIST_MAX).map((list) => liveListenersQuery(db, account.id, "conversation", list));
    const second = (await runStatements(db, [...inserts, ...listenerReads, ...previews])) as readonly unknown[][];
    const inserted = second.slice(0, inserts.length).map((rows) => (rows as conversations.MessageRow[])[0]);
    const listened = new Set(second.slice(inserts.length, inserts.length + listenerReads.length).flatMap((rows) => (rows as { name: string }[]).map((r) => r.name)));

    // A message an earlier delivery stored: queued again only if it was never tried.
    const earlier = going.filter((_, i) => !inserted[i]).map((g) => g.send.ctx.execution.id);
    const untried = earlier.length
      ? (await repo.messageSendStates(db, earlier)).filter(
          (m) => m.status === "queued" && m.sendAttempts === 0,
        )
      : [];
    const retry = new Set(untried.map((m) => m.id));
    const jobs = going.filter((g, i) => inserted[i] || retry.has(g.send.ctx.execution.id)).map((g) => sendJob(g.send.ctx.execution.id, g.conversation.id));
    for (const batch of chunks(jobs, QUEUE_BATCH_MAX)) await env.JOBS.sendBatch(batch);
    for (const { send } of going) finishing.push(...repo.finishStatements(db, { execution: send.ctx.execution, status: "queued", now, next: send.goOn }));

    await runBatch(db, finishing);
    finishing.length = 0;
    await Promise.all(
      going.map(async ({ send, conversation }, i) => {
        const message = inserted[i];
        if (!message) return;
        if (listened.has(conversation.id)) await publish(env, conversation.id, { type: "message", message: toApiMessage(message) }, true);
        if (accountListened) {
          const preview = { ...conversation, lastMessage: send.filled.content, lastMessageAt: now };
          await publishToAccount(env, account.id, { type: "conversation", conversation: toApiConversation(preview, false) });
        }
      }),
    );
  }
  await runBatch(db, finishing);
}
