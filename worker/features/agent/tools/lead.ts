import { AGENT_TEXTS } from "@shared/texts/agent";
import { notifyNumber } from "@worker/features/calendar/notify";
import * as conversations from "@worker/features/conversations/repo";
import { publishConversation } from "@worker/features/conversations/service";
import { enabledSettingsOf } from "@worker/features/lead-detection/repo";
import { qualifyFromAgent } from "@worker/features/lead-detection/service";
import type { ToolContext, ToolOutcome } from "./types";

export async function qualificaLead(ctx: ToolContext, args: { motivo: string }): Promise<ToolOutcome> {
  const fresh = await qualifyFromAgent(ctx.env, ctx.db, ctx.account, ctx.conversation, args.motivo, ctx.now);
  if (!fresh) {
    const reason = "il lead di questa conversazione è già qualificato";
    return { status: "refused", forModel: { esito: "rifiutato", motivo: reason }, reason };
  }
  return { status: "ok", forModel: { esito: "ok" }, eventText: AGENT_TEXTS.eventLines.qualified(args.motivo) };
}

export function handoffSummary(args: { richiesta: string; promesso?: string; mancante?: string }) {
  return [`Cosa vuole: ${args.richiesta}`, args.promesso ? `Promesso: ${args.promesso}` : "", args.mancante ? `Manca: ${args.mancante}` : ""].filter(Boolean).join("\n");
}

// A person takes over: operator mode on (the AI stops), the summary at the top of the chat and in the
// operators' alert (the Lead Detection numbers, as for operator questions). The reply ends with the
// customer being told a person will answer.
export async function passaAOperatore(ctx: ToolContext, args: { richiesta: string; promesso?: string; mancante?: string }): Promise<ToolOutcome> {
  const { db, conversation } = ctx;
  await conversations.updateConversation(db, conversation.id, { operatorMode: true });
  const customer = conversation.customerName ?? conversation.phoneNumber;
  const summary = handoffSummary(args);
  const targets = new Map<string, string | null>();
  for (const s of await enabledSettingsOf(db, ctx.account.id)) {
    for (const phone of s.notificationPhoneNumbers) if (phone !== conversation.phoneNumber && !targets.has(phone)) targets.set(phone, s.notificationTemplateId);
  }
  for (const [phone, templateSid] of targets) {
    try {
      const outcome = await notifyNumber(
        ctx.env,
        db,
        ctx.account,
        {
          phone,
          templateSid,
          // As the lead alert: {{1}} the customer, {{2}} what they want; both always have a value.
          bindings: { "1": { source: "text", value: customer }, "2": { source: "text", value: args.richiesta.slice(0, 200) } },
          context: {},
          freeText: AGENT_TEXTS.handoffAlert(customer, conversation.phoneNumber, summary),
          key: `handoff:${conversation.id}:${ctx.replyToId}`,
        },
        ctx.now,
      );
      if (outcome.status === "skipped") console.warn("agent: handoff alert skipped", conversation.id, phone, outcome.reason);
    } catch (err) {
      // The hand-over stands without the alert: the console shows it.
      console.warn("agent: handoff alert failed", conversation.id, phone, (err as Error).message);
    }
  }
  await publishConversation(ctx.env, db, conversation.id);
  return { status: "ok", forModel: { esito: "ok", messaggio: "Di' al cliente che una persona gli risponderà a breve." }, eventText: AGENT_TEXTS.eventLines.handoff, endReply: true };
}
