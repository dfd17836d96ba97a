import { AGENT_TEXTS } from "@shared/texts/agent";
import * as conversations from "@worker/features/conversations/repo";
import * as repo from "../repo";
import type { ToolContext, ToolOutcome } from "./types";

interface ContactArgs {
  nome?: string;
  cognome?: string;
  email?: string;
  azienda?: string;
  esigenza?: string;
  budget?: string;
}

const LABELS = { name: "nome", email: "e-mail", company: "azienda", esigenza: "esigenza", budget: "budget" } as const;
type Field = keyof typeof LABELS;

// Writes what the customer said into the conversation's lead, field by field. A field the agent may
// write is empty or still holds what the agent wrote before; anything else was set by a person and stays.
export async function aggiornaContatto(ctx: ToolContext, args: ContactArgs): Promise<ToolOutcome> {
  const { conversation } = ctx;
  const lead = await repo.ensureLead(ctx.db, { userId: ctx.account.userId, twilioAccountId: ctx.account.id, phoneNumber: conversation.phoneNumber, conversationId: conversation.id });
  const mine = { ...(lead.agentFields ?? {}) };
  const custom = { ...(lead.customFields ?? {}) } as Record<string, unknown>;
  const current: Record<Field, string | null> = {
    name: lead.name,
    email: lead.email,
    company: lead.company,
    esigenza: typeof custom.esigenza === "string" ? custom.esigenza : null,
    budget: typeof custom.budget === "string" || typeof custom.budget === "number" ? String(custom.budget) : null,
  };
  const name = args.nome || args.cognome ? [args.nome ?? mine.nome, args.cognome ?? mine.cognome].filter(Boolean).join(" ") : undefined;
  const wanted: Partial<Record<Field, string>> = { name, email: args.email?.toLowerCase(), company: args.azienda, esigenza: args.esigenza, budget: args.budget };

  const written: Field[] = [];
  const kept: Field[] = [];
  for (const field of Object.keys(LABELS) as Field[]) {
    const value = wanted[field];
    if (value === undefined) continue;
    const now = current[field];
    if (now && now !== mine[field]) {
      kept.push(field);
      continue;
    }
    if (now !== value) written.push(field);
    mine[field] = value;
  }
  if (args.nome) mine.nome = args.nome;
  if (args.cognome) mine.cognome = args.cognome;

  const changes: Parameters<typeof repo.updateLead>[2] = { agentFields: mine };
  if (written.includes("name")) changes.name = mine.name;
  if (written.includes("email")) changes.email = mine.email;
  if (written.includes("company")) changes.company = mine.company;
  if (written.includes("esigenza") || written.includes("budget")) {
    if (written.includes("esigenza")) custom.esigenza = mine.esigenza;
    if (written.includes("budget")) custom.budget = mine.budget;
    changes.customFields = custom;
  }
  if (!lead.conversationId) changes.conversationId = conversation.id;
  await repo.updateLead(ctx.db, lead.id, changes);
  // The chat's header shows the customer's name; a name a person typed there stays.
  if (written.includes("name") && (!conversation.customerName || conversation.customerName === current.name)) {
    await conversations.updateConversation(ctx.db, conversation.id, { customerName: mine.name });
  }

  const forModel: Record<string, unknown> = { esito: "ok", scritti: written.map((f) => LABELS[f]) };
  if (kept.length) forModel.non_modificati = { campi: kept.map((f) => LABELS[f]), motivo: "già inseriti da un operatore" };
  return {
    status: "ok",
    forModel,
    eventText: written.length
      ? AGENT_TEXTS.eventLines.contact(written.map((f) => LABELS[f]))
      : kept.length
        ? `L'agente non ha cambiato il contatto (dati già inseriti da un operatore: ${kept.map((f) => LABELS[f]).join(", ")})`
        : "L'agente ha confermato i dati del contatto",
  };
}
