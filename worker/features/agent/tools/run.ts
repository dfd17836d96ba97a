import { romeDayOf } from "@shared/calendar-time";
import { OFFLINE_MODEL } from "@shared/models";
import { type AgentToolName, MAX_TOOL_ROUNDS, romeLongDay, toolArgSchemas } from "@shared/schemas/agent";
import { AGENT_TEXTS } from "@shared/texts/agent";
import type { Db } from "@worker/db/client";
import { type ChatResult, isOffline } from "@worker/providers/openai";
import { chatWithTools, refusesTools, type ToolCall, type ToolChatMessage, type ToolChatResult } from "@worker/providers/openai-tools";
import type { AccountRow } from "@worker/features/accounts/repo";
import * as conversations from "@worker/features/conversations/repo";
import { windowOpenUntil } from "@worker/features/conversations/service";
import type { PromptRow } from "@worker/features/prompts/repo";
import { checkBudget, recordUsage } from "@worker/features/usage/service";
import { type AgentChatRequest, complete } from "../model";
import * as repo from "../repo";
import { bookingOf } from "../service";
import { annulla, disponibilita, prenota, sposta } from "./booking";
import { aggiornaContatto } from "./contact";
import { listLibrary } from "@worker/features/media-library/repo";
import { TOOL_DEFINITIONS, TOOL_INSTRUCTIONS, documentTool, toolNamesOf } from "./definitions";
import { inviaDocumento } from "./document";
import { passaAOperatore, qualificaLead } from "./lead";
import { offlineToolTurn } from "./offline";
import type { ToolContext, ToolOutcome } from "./types";

export interface AgentReplyContext {
  account: AccountRow;
  conversation: conversations.ConversationRow;
  prompt: PromptRow | undefined;
  replyToId: string;
  now: Date;
}

const RUNNERS: { [K in AgentToolName]: (ctx: ToolContext, args: any) => Promise<ToolOutcome> } = {
  disponibilita,
  prenota,
  sposta,
  annulla,
  aggiorna_contatto: aggiornaContatto,
  qualifica_lead: qualificaLead,
  passa_a_operatore: passaAOperatore,
  invia_documento: inviaDocumento,
};

// The reply to a customer, with the tools the prompt allows. Without tools (none chosen, a model that
// refused them, or a conversation where nothing may be sent) it is the plain completion. Each tool call
// is checked with our schemas and rules; a refusal goes back to the model as the tool's result. At most
// MAX_TOOL_ROUNDS rounds of calls, then the model answers in words. Usage of every round but the last is
// recorded here; the caller records the returned (last) one as before.
export async function replyWithTools(env: Env, db: Db, ctx: AgentReplyContext, req: AgentChatRequest): Promise<ChatResult> {
  let names = ctx.prompt && !ctx.prompt.toolsUnsupportedAt ? toolNamesOf(ctx.prompt.agentTools) : [];
  // An empty library leaves nothing to send: the tool is not offered.
  const library = names.includes("invia_documento") ? await listLibrary(db, ctx.account.id) : [];
  if (library.length === 0) names = names.filter((n) => n !== "invia_documento");
  if (names.length === 0 || (await stopReason(db, ctx))) return complete(env, req);

  const booking = await bookingOf(db, ctx.account.id);
  const toolCtx: ToolContext = { env, db, account: ctx.account, conversation: ctx.conversation, booking, replyToId: ctx.replyToId, now: ctx.now };
  const today = romeDayOf(ctx.now);
  const [system, ...rest] = req.messages;
  const messages: ToolChatMessage[] = [
    { role: "system", content: `${system?.content ?? ""}\n\n${TOOL_INSTRUCTIONS(romeLongDay(ctx.now), today)}` },
    ...rest.map((m): ToolChatMessage => (m.role === "assistant" ? { role: "assistant", content: m.content } : { role: m.role, content: m.content })),
  ];
  const tools = names.map((n) => (n === "invia_documento" ? documentTool(library) : TOOL_DEFINITIONS[n]));

  for (let round = 1; ; round += 1) {
    const offerTools = round <= MAX_TOOL_ROUNDS;
    let result: ToolChatResult;
    if (isOffline(env)) {
      const turn = offlineToolTurn(messages, names, today, offerTools, library);
      if (!turn) return complete(env, req);
      result = offlineResult(turn, messages);
    } else {
      try {
        result = await chatWithTools(env, { model: req.model, messages, temperature: req.temperature, maxTokens: req.maxTokens, tools: offerTools ? tools : [] });
      } catch (err) {
        // Only the first request can tell a model without function calling: later ones carry tool messages.
        if (round === 1 && ctx.prompt && refusesTools(err)) {
          await repo.markToolsUnsupported(db, ctx.prompt.id, ctx.now);
          console.warn("agent: the model refused tools, answering without", ctx.prompt.id, (err as Error).message);
          return complete(env, req);
        }
        throw err;
      }
    }
    // Past the cap, calls the model still makes are not run.
    if (!offerTools || result.toolCalls.length === 0) return result;
    // Operator mode, opt-out, a closed window or the budget stop tools as they stop replies.
    if (await stopReason(db, ctx)) return result;

    const usage = await recordUsage(db, result, {
      userId: ctx.account.userId,
      twilioAccountId: ctx.account.id,
      operationType: "chat_response",
      conversationId: ctx.conversation.id,
      messageId: ctx.replyToId,
      promptId: ctx.prompt?.id,
      metadata: { toolRound: round, toolCalls: result.toolCalls.map((c) => c.name) },
    });
    messages.push({ role: "assistant", content: result.content, toolCalls: result.toolCalls });
    const rows: Parameters<typeof repo.insertToolCalls>[1] = [];
    let ended = false;
    for (const [i, call] of result.toolCalls.entries()) {
      const outcome: ToolOutcome = ended ? alreadyHandedOver() : i >= MAX_CALLS_PER_ROUND ? tooMany() : await runTool(toolCtx, names, call);
      ended ||= Boolean(outcome.endReply);
      messages.push({ role: "tool", toolCallId: call.id, content: JSON.stringify(outcome.forModel) });
      rows.push({
        conversationId: ctx.conversation.id,
        twilioAccountId: ctx.account.id,
        replyToId: ctx.replyToId,
        round,
        callId: call.id.slice(0, 100),
        tool: call.name.slice(0, 60),
        arguments: parseArgs(call.arguments) ?? call.arguments.slice(0, 2000),
        status: outcome.status,
        result: outcome.forModel,
        eventText: outcome.status === "ok" ? (outcome.eventText ?? null) : AGENT_TEXTS.eventLines.refused(call.name, outcome.reason ?? String(outcome.forModel.motivo)),
        calendarEventId: outcome.calendarEventId ?? null,
        usageId: usage.id,
        createdAt: new Date(ctx.now.getTime() + round),
      });
    }
    await repo.insertToolCalls(db, rows);
    await repo.auditToolCalls(
      db,
      rows.map((r) => ({ conversationId: r.conversationId, tool: r.tool, status: r.status, details: { arguments: r.arguments, result: r.result, replyToId: ctx.replyToId } })),
    );
    // After the hand-over the AI is off: the customer is told a person will answer, with no further model call.
    if (ended) return { ...result, content: result.content.trim() || AGENT_TEXTS.handoffReply, promptTokens: 0, completionTokens: 0 };
  }
}

function parseArgs(text: string): unknown {
  try {
    return JSON.parse(text || "{}");
  } catch {
    return undefined;
  }
}

function refusal(reason: string): ToolOutcome {
  return { status: "refused", forModel: { esito: "rifiutato", motivo: reason }, reason };
}

// A model that fires dozens of calls at once gets the first few run.
const MAX_CALLS_PER_ROUND = 8;
const tooMany = () => refusal(`al massimo ${MAX_CALLS_PER_ROUND} chiamate per turno`);
const alreadyHandedOver = () => refusal("la conversazione è già passata a un operatore");

async function runTool(ctx: ToolContext, allowed: AgentToolName[], call: ToolCall): Promise<ToolOutcome> {
  const name = call.name as AgentToolName;
  if (!allowed.includes(name)) return refusal(`lo strumento ${call.name} non è disponibile`);
  const raw = parseArgs(call.arguments);
  if (raw === undefined) return refusal("gli argomenti non sono JSON valido");
  const parsed = toolArgSchemas[name].safeParse(raw);
  if (!parsed.success) return refusal([...new Set(parsed.error.issues.map((i) => i.message))].join("; "));
  return RUNNERS[name](ctx, parsed.data);
}

// Why no tool may act now, as the reply path itself would stop: a person took over, the customer opted
// out, the WhatsApp window closed, or the monthly budget is spent.
async function stopReason(db: Db, ctx: AgentReplyContext): Promise<string | null> {
  const found = await conversations.findConversation(db, ctx.conversation.id);
  if (!found || found.conversation.operatorMode) return "operator";
  if (found.optedOut) return "opt-out";
  const until = windowOpenUntil(found.conversation);
  if (ctx.conversation.lastInboundAt && (!until || until <= ctx.now)) return "window";
  if (!(await checkBudget(db, ctx.account.id, ctx.now)).allowed) return "budget";
  return null;
}

function offlineResult(turn: { content: string; toolCalls: ToolCall[] }, messages: ToolChatMessage[]): ToolChatResult {
  const chars = messages.reduce((n, m) => n + m.content.length, 0);
  return {
    content: turn.content,
    toolCalls: turn.toolCalls,
    model: OFFLINE_MODEL,
    promptTokens: Math.ceil(chars / 4),
    completionTokens: Math.ceil((turn.content.length + turn.toolCalls.reduce((n, c) => n + c.arguments.length, 0)) / 4),
    durationMs: 0,
    offline: true,
  };
}
