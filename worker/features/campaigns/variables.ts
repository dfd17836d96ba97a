import type { ProviderTemplate } from "@shared/sandbox-templates";
import { bindingsFor, resolveVariables, unboundPositions, type VariableBindings, type VariableContext } from "@shared/template-variables";
import { TEMPLATE_VARIABLE_TEXTS as VX } from "@shared/texts/template-variables";
import type { Db } from "@worker/db/client";
import { badRequest } from "@worker/lib/http-error";
import { positionsOf } from "../provider-templates/variables";
import * as repo from "./repo";

export interface LeadFields {
  nome: string | null;
  cognome: string | null;
  email: string | null;
  professione: string | null;
  originalData: Record<string, unknown> | null;
}

// Lists keep no company column: it is the source's own column of that name, whichever language it is in.
const COMPANY_COLUMNS = ["company", "azienda", "società", "societa", "ragione sociale"];

function column(data: Record<string, unknown> | null, names: string[]) {
  if (!data) return null;
  const key = Object.keys(data).find((k) => names.includes(k.trim().toLowerCase()));
  const value = key === undefined ? null : data[key];
  return typeof value === "string" || typeof value === "number" ? String(value) : null;
}

export function leadContext(lead: LeadFields): VariableContext {
  return {
    contact: { nome: lead.nome, cognome: lead.cognome, email: lead.email, professione: lead.professione, company: column(lead.originalData, COMPANY_COLUMNS) },
    custom: lead.originalData,
  };
}

// A message step must bind every {{n}} of its template; only its template's positions are kept.
export function stepBindings(template: Pick<ProviderTemplate, "bodyText" | "variables">, bindings: VariableBindings | null | undefined) {
  const positions = positionsOf(template);
  const unbound = unboundPositions(positions, bindings);
  if (unbound.length > 0) throw badRequest(VX.missing(unbound), unbound.map((p) => ({ path: `variables.${p}`, message: VX.missing([p]) })));
  return bindingsFor(positions, bindings);
}

const PAGE = 500;

// How many of the list's leads would get no value for some {{n}} of these sends, and which positions.
export async function recipientsMissingValues(db: Db, listId: string, sends: { template: Pick<ProviderTemplate, "bodyText" | "variables">; bindings: VariableBindings | null }[]) {
  const checks = sends.map((s) => ({ positions: positionsOf(s.template), bindings: s.bindings }));
  const positionsMissing = new Set<string>();
  let count = 0;
  // Fixed text needs no lead: only bindings that read a lead are checked against the list.
  const readsLead = checks.some((c) => c.positions.some((p) => !c.bindings?.[p] || c.bindings[p]!.source !== "text"));
  if (!readsLead) return { count, positions: [] };
  for (let after: string | null = null; ; ) {
    const page = await repo.audienceFields(db, listId, after, PAGE);
    for (const lead of page) {
      const ctx = leadContext(lead);
      const missing = checks.flatMap((c) => resolveVariables(c.positions, c.bindings, ctx).missing);
      if (missing.length > 0) {
        count++;
        for (const p of missing) positionsMissing.add(p);
      }
    }
    if (page.length < PAGE) break;
    after = page[page.length - 1]!.id;
  }
  return { count, positions: [...positionsMissing].sort((a, b) => Number(a) - Number(b)) };
}

// A campaign does not start while some of its recipients would get an empty value.
export async function requireValuesForAll(db: Db, listId: string, sends: Parameters<typeof recipientsMissingValues>[2]) {
  const { count, positions } = await recipientsMissingValues(db, listId, sends);
  if (count > 0) throw badRequest(VX.recipientsMissing(count, positions), { recipientsMissing: count, positions });
}
