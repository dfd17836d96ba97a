import type { z } from "zod";
import { plannedSends, type SourcePlan } from "@shared/lead-source-plan";
import { romeDay, romeDayStart } from "@shared/rome-time";
import { type ApiConversationConversion, type ApiLead, type ApiLeadSaved, type ApiLeadSource, type ApiLeadsPage, type AutoResponseResult, type ConversationConversionInput, leadVariableContext, splitLeadName, toCents, type leadInputSchema, type leadSourceSchema, type leadsQuerySchema, type leadUpdateSchema } from "@shared/schemas/lead-sources";
import { toE164 } from "@shared/phone";
import { LEAD_TEXTS as TX } from "@shared/texts/leads";
import { LIST_TEXTS } from "@shared/texts/lists";
import type { Db } from "@worker/db/client";
import { encryptSecret, maskSecret, randomToken } from "@worker/lib/crypto";
import { badRequest, HttpError, notFound } from "@worker/lib/http-error";
import type { SessionUser } from "@worker/types";
import type { AccountRow } from "../accounts/repo";
import { auditStatement } from "../admin/audit";
import { ensureLead } from "../agent/repo";
import { type ActiveAccount, requireAccount } from "../accounts/context";
import * as conversations from "../conversations/repo";
import { getConversationForUser, queueOutbound } from "../conversations/service";
import { stepBindings } from "../campaigns/variables";
import * as lists from "../lists/repo";
import { type FilledTemplate, fillForRecipient } from "../provider-templates/variables";
import * as templates from "../templates/repo";
import { internalTemplateSid, toProviderTemplate } from "../templates/service";
import * as repo from "./repo";

type SourceInput = z.output<typeof leadSourceSchema>;
type LeadInput = z.output<typeof leadInputSchema>;
type LeadUpdate = z.output<typeof leadUpdateSchema>;
type LeadsQuery = z.output<typeof leadsQuerySchema>;

const day = (d: Date | null) => (d ? romeDay(d) : null);
const dayStart = (d: string | null) => (d ? romeDayStart(d) : null);

// An Airtable source's connection as stored: the key encrypted, its last 4 characters to show.
export interface StoredSourceConfig {
  apiKey: string;
  apiKeyLast4: string;
  baseId: string;
  tableId: string;
  viewId: string | null;
  // The mapped columns' Airtable field ids, by mapping key (followFieldRenames).
  fieldIds?: Record<string, string>;
}

function publicConfig(c: StoredSourceConfig | null): ApiLeadSource["config"] {
  return c ? { baseId: c.baseId, tableId: c.tableId, viewId: c.viewId, apiKey: maskSecret(c.apiKeyLast4) } : null;
}

// The config to store: a new key is encrypted; an empty one keeps the stored key (an update).
async function storedConfig(env: Env, input: SourceInput, before: StoredSourceConfig | null): Promise<StoredSourceConfig | null> {
  if (input.type !== "airtable" || !input.config) return null;
  const { apiKey, baseId, tableId, viewId } = input.config;
  if (!apiKey && !before) throw badRequest(TX.airtableRequired, [{ path: "config.apiKey", message: TX.airtableRequired }]);
  return {
    apiKey: apiKey ? await encryptSecret(apiKey, env.ENCRYPTION_KEY) : before!.apiKey,
    apiKeyLast4: apiKey ? apiKey.slice(-4) : before!.apiKeyLast4,
    baseId,
    tableId,
    viewId,
  };
}

// A Google Ads source gets the key its lead form sends (kept across edits).
function googleSettings(input: SourceInput, before: Record<string, unknown> | null): Record<string, unknown> | null {
  if (input.type !== "google") return before;
  return { ...before, googleKey: typeof before?.googleKey === "string" ? before.googleKey : randomToken(24) };
}

function toApiSource(row: { source: repo.LeadSourceRow; templateName: string | null; leadCount: number }): ApiLeadSource {
  const s = row.source;
  return {
    id: s.id,
    twilioAccountId: s.twilioAccountId,
    name: s.name,
    type: s.type,
    isActive: s.isActive,
    templateId: s.templateId,
    templateName: row.templateName,
    templateVariables: s.templateVariables ?? {},
    autoResponse: s.autoResponse,
    autoSync: s.autoSync,
    syncInterval: s.syncInterval,
    calendarType: s.calendarType,
    calendarHour: s.calendarHour,
    calendarMinute: s.calendarMinute,
    timezone: s.timezone,
    talkingSchedules: s.talkingSchedules ?? [],
    selectedDays: s.selectedDays ?? [],
    startDate: day(s.startDate),
    endDate: day(s.endDate),
    specificDate: day(s.specificDate),
    leadCount: Number(row.leadCount),
    lastSyncAt: s.lastSyncAt?.toISOString() ?? null,
    nextSyncAt: s.autoSync ? (s.nextSyncAt?.toISOString() ?? null) : null,
    lastSyncResult: s.lastSyncResult ?? null,
    config: publicConfig(s.config as StoredSourceConfig | null),
    fieldMapping: (s.fieldMapping ?? {}) as ApiLeadSource["fieldMapping"],
    webhook: s.type === "google" && typeof s.settings?.googleKey === "string" ? { path: `/webhooks/google-leads/${s.id}`, key: s.settings.googleKey } : null,
    lastCampaignAt: s.lastCampaignAt?.toISOString() ?? null,
    nextCampaignAt: s.nextCampaignAt?.toISOString() ?? null,
    campaignSent: s.campaignSent,
    plannedSends: s.isActive && s.nextCampaignAt ? plannedSends(planOf(s), s.nextCampaignAt, 5).map((p) => ({ at: p.at.toISOString(), key: p.key })) : [],
    createdAt: s.createdAt.toISOString(),
  };
}

function toApiLead(row: { lead: repo.LeadRow; sourceName: string | null }): ApiLead {
  const l = row.lead;
  return {
    id: l.id,
    twilioAccountId: l.twilioAccountId,
    leadSourceId: l.leadSourceId,
    leadSourceName: row.sourceName,
    phoneNumber: l.phoneNumber,
    name: l.name,
    email: l.email,
    company: l.company,
    notes: l.notes,
    customFields: l.customFields ?? null,
    status: l.status,
    conversationId: l.conversationId,
    externalId: l.externalId,
    importedAt: l.importedAt.toISOString(),
    lastContactedAt: l.lastContactedAt?.toISOString() ?? null,
    dealValue: l.dealValueCents === null ? null : l.dealValueCents / 100,
    convertedAt: l.convertedAt?.toISOString() ?? null,
    templateBlocked: l.templateBlocked,
  };
}

async function getSourceForUser(db: Db, user: SessionUser, id: string) {
  const source = await repo.findSourceForUser(db, id, user);
  if (!source) throw notFound(TX.sourceNotFound);
  return source;
}

async function getLeadForUser(db: Db, user: SessionUser, id: string) {
  const found = await repo.findLeadForUser(db, id, user);
  if (!found) throw notFound(TX.leadNotFound);
  return found;
}

// The auto-response template must be an approved template of the same account, each of its {{n}}
// bound to a value; the bindings kept are the template's own.
async function checkTemplate(db: Db, accountId: string, input: Pick<SourceInput, "templateId" | "templateVariables">) {
  if (!input.templateId) return null;
  const template = await templates.findTemplate(db, input.templateId);
  if (!template || template.twilioAccountId !== accountId) throw badRequest(TX.templateNotApproved, [{ path: "templateId", message: TX.templateNotApproved }]);
  if (template.status !== "approved") throw badRequest(TX.templateNotApproved, [{ path: "templateId", message: TX.templateNotApproved }]);
  return stepBindings(toProviderTemplate(template), input.templateVariables);
}

// The source's template filled for this lead through the one resolver; a lead without a value for some
// {{n}} is not sent the template, and the reason is kept on the lead for the console to show.
export async function fillSourceTemplate(db: Db, source: repo.LeadSourceRow, template: templates.TemplateRow, lead: repo.LeadRow): Promise<FilledTemplate | { blocked: string }> {
  try {
    return fillForRecipient(toProviderTemplate(template), source.templateVariables, leadVariableContext(lead));
  } catch (err) {
    if (!(err instanceof HttpError) || err.status !== 400) throw err;
    if (lead.templateBlocked !== err.message) await repo.updateLead(db, lead.id, { templateBlocked: err.message });
    return { blocked: err.message };
  }
}

export function planOf(s: repo.LeadSourceRow): SourcePlan {
  return {
    calendarType: s.calendarType,
    calendarHour: s.calendarHour,
    calendarMinute: s.calendarMinute,
    selectedDays: s.selectedDays ?? [],
    startDate: day(s.startDate),
    endDate: day(s.endDate),
    specificDate: day(s.specificDate),
    talkingSchedules: s.talkingSchedules ?? [],
  };
}

// Saving with auto-sync on makes the source due at the next cron tick; the plan's next send is the
// first slot from now on (a slot already past today is not sent after the fact).
function sourceValues(input: SourceInput, now = new Date()) {
  const [next] = plannedSends(
    {
      calendarType: input.calendarType,
      calendarHour: input.calendarHour,
      calendarMinute: input.calendarMinute,
      selectedDays: input.selectedDays,
      startDate: input.startDate,
      endDate: input.endDate,
      specificDate: input.specificDate,
      talkingSchedules: input.talkingSchedules,
    },
    now,
    1,
  );
  return {
    nextCampaignAt: next?.at ?? null,
    campaignSent: false,
    fieldMapping: input.type === "airtable" || input.type === "google" ? input.fieldMapping : null,
    nextSyncAt: input.autoSync ? now : null,
    name: input.name,
    type: input.type,
    isActive: input.isActive,
    templateId: input.templateId,
    autoResponse: input.autoResponse,
    autoSync: input.autoSync,
    syncInterval: input.syncInterval,
    calendarType: input.calendarType,
    calendarHour: input.calendarHour,
    calendarMinute: input.calendarMinute,
    timezone: input.timezone,
    talkingSchedules: input.talkingSchedules,
    selectedDays: input.selectedDays,
    startDate: dayStart(input.startDate),
    endDate: dayStart(input.endDate),
    specificDate: dayStart(input.specificDate),
  };
}

export async function listSources(db: Db, active: ActiveAccount): Promise<ApiLeadSource[]> {
  if (!active) return [];
  return (await repo.listSources(db, active.account.id)).map(toApiSource);
}

export async function createSource(env: Env, db: Db, user: SessionUser, active: ActiveAccount, input: SourceInput): Promise<ApiLeadSource> {
  const { account } = requireAccount(active);
  const templateVariables = await checkTemplate(db, account.id, input);
  const config = await storedConfig(env, input, null);
  const row = await repo.insertSource(db, {
    userId: user.id,
    twilioAccountId: account.id,
    ...sourceValues(input),
    templateVariables,
    config: config as Record<string, unknown> | null,
    settings: googleSettings(input, null),
  });
  return toApiSource((await repo.findSourceWithDetails(db, row.id))!);
}

export async function updateSource(env: Env, db: Db, user: SessionUser, id: string, input: SourceInput): Promise<ApiLeadSource> {
  const source = await getSourceForUser(db, user, id);
  const templateVariables = await checkTemplate(db, source.twilioAccountId, input);
  const before = source.type === "airtable" ? (source.config as StoredSourceConfig | null) : null;
  const config = await storedConfig(env, input, before);
  // A column still mapped to the same name on the same table keeps its field id (renames stay followed).
  if (config && before?.fieldIds && before.baseId === config.baseId && before.tableId === config.tableId) {
    const mapped = input.fieldMapping as Record<string, string | undefined>;
    const kept = Object.entries(before.fieldIds).filter(([key]) => mapped[key] && mapped[key] === source.fieldMapping?.[key]);
    if (kept.length) config.fieldIds = Object.fromEntries(kept);
  }
  await repo.updateSource(db, id, { ...sourceValues(input), templateVariables, config: config as Record<string, unknown> | null, settings: googleSettings(input, source.settings) });
  return toApiSource((await repo.findSourceWithDetails(db, id))!);
}

export async function deleteSource(db: Db, user: SessionUser, id: string) {
  await getSourceForUser(db, user, id);
  await repo.deleteSource(db, id);
}

// A page of leads and the cursor of the next one (X-Next-Cursor), when there is one.
export async function listLeads(db: Db, active: ActiveAccount, query: LeadsQuery): Promise<{ page: ApiLeadsPage; nextCursor: string | null }> {
  if (!active) return { page: { leads: [], total: 0, page: query.page, pageSize: query.pageSize }, nextCursor: null };
  const { rows, total, nextCursor } = await repo.leadsPage(
    db,
    active.account.id,
    { search: query.search || undefined, status: query.status, leadSourceId: query.leadSourceId, after: query.cursor },
    query.page,
    query.pageSize,
  );
  return { page: { leads: rows.map(toApiLead), total, page: query.page, pageSize: query.pageSize }, nextCursor };
}

export async function createLead(env: Env, db: Db, user: SessionUser, active: ActiveAccount, input: LeadInput): Promise<ApiLeadSaved> {
  const { account } = requireAccount(active);
  return saveLead(env, db, { account, userId: user.id }, input);
}

export async function updateLead(db: Db, user: SessionUser, id: string, input: LeadUpdate, now = new Date()): Promise<ApiLead> {
  const { lead } = await getLeadForUser(db, user, id);
  const { dealValue, ...fields } = input;
  const changes: Partial<repo.LeadRow> = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  const status = input.status ?? lead.status;
  if (dealValue != null && status !== "converted") throw badRequest(TX.dealValueNeedsConverted, [{ path: "dealValue", message: TX.dealValueNeedsConverted }]);
  Object.assign(changes, conversionChanges(lead, status, dealValue, now));
  if (Object.keys(changes).length > 0) await repo.updateLead(db, id, changes);
  return toApiLead((await repo.findLeadWithSource(db, id))!);
}

// Revenue bookkeeping of a status change: a lead becoming converted is dated now (its revenue's day),
// one that stops being converted loses its date and deal value; undefined leaves the value as it is.
function conversionChanges(lead: Pick<repo.LeadRow, "status" | "convertedAt"> | undefined, status: string, dealValue: number | null | undefined, now: Date): Partial<repo.LeadRow> {
  if (status !== "converted") return lead?.status === "converted" ? { convertedAt: null, dealValueCents: null } : {};
  return {
    convertedAt: lead?.status === "converted" && lead.convertedAt ? lead.convertedAt : now,
    ...(dealValue === undefined ? {} : { dealValueCents: dealValue === null ? null : toCents(dealValue) }),
  };
}

function toApiConversion(lead: repo.LeadRow | undefined): ApiConversationConversion {
  if (!lead) return { leadId: null, status: null, converted: false, dealValue: null, convertedAt: null };
  return {
    leadId: lead.id,
    status: lead.status,
    converted: lead.status === "converted",
    dealValue: lead.dealValueCents === null ? null : lead.dealValueCents / 100,
    convertedAt: lead.convertedAt?.toISOString() ?? null,
  };
}

// The lead of a conversation is the account's lead for its number (one per number), linked or not.
export async function conversationConversion(db: Db, user: SessionUser, conversationId: string): Promise<ApiConversationConversion> {
  const { conversation } = await getConversationForUser(db, user, conversationId);
  return toApiConversion(await repo.findLeadByPhone(db, conversation.twilioAccountId, conversation.phoneNumber));
}

// The chat's sale: the conversation's lead (created as the agent's tools create it when missing)
// becomes converted with its deal value, or stops being converted (back to contacted: they talked).
// The lead is what Analytics and the dashboard count, so a conversation converted here counts once.
export async function setConversationConversion(
  db: Db,
  user: SessionUser,
  conversationId: string,
  input: ConversationConversionInput,
  now = new Date(),
): Promise<ApiConversationConversion> {
  const { conversation } = await getConversationForUser(db, user, conversationId);
  const existing = await repo.findLeadByPhone(db, conversation.twilioAccountId, conversation.phoneNumber);
  if (!existing && !input.converted) return toApiConversion(undefined);
  const lead =
    existing ??
    (await ensureLead(db, { userId: conversation.userId, twilioAccountId: conversation.twilioAccountId, phoneNumber: conversation.phoneNumber, conversationId: conversation.id }));
  const status = input.converted ? "converted" : lead.status === "converted" ? "contacted" : lead.status;
  const changes: Partial<repo.LeadRow> = { status, ...conversionChanges(lead, status, input.dealValue, now) };
  if (!lead.conversationId) changes.conversationId = conversation.id;
  if (!lead.name && conversation.customerName) changes.name = conversation.customerName;
  if (!lead.company && conversation.customerCompany) changes.company = conversation.customerCompany;
  const euros = (cents: number | null | undefined) => (cents == null ? null : cents / 100);
  const nextCents = "dealValueCents" in changes ? changes.dealValueCents : lead.dealValueCents;
  await db.batch([
    repo.updateLeadStatement(db, lead.id, changes),
    auditStatement(db, user, "conversation.conversion", "conversation", conversation.id, {
      accountId: conversation.twilioAccountId,
      leadId: lead.id,
      from: { status: lead.status, dealValue: euros(lead.dealValueCents) },
      to: { status, dealValue: status === "converted" ? euros(nextCents) : null },
    }),
  ]);
  return toApiConversion(await repo.findLeadByPhone(db, conversation.twilioAccountId, conversation.phoneNumber));
}

export async function deleteLead(db: Db, user: SessionUser, id: string) {
  await getLeadForUser(db, user, id);
  await repo.deleteLead(db, id);
}

// Creates or updates the account's lead for this phone (from the console or the Lead Manager API),
// optionally adds it to a list, and starts the lead source's auto-response for a new contact.
export async function saveLead(env: Env, db: Db, owner: { account: AccountRow; userId: string }, input: LeadInput, now = new Date()): Promise<ApiLeadSaved> {
  const { account } = owner;
  const source = input.leadSourceId ? await repo.findSource(db, input.leadSourceId) : null;
  if (input.leadSourceId && (!source || source.twilioAccountId !== account.id)) {
    throw notFound(TX.sourceNotFound);
  }
  const list = input.listId ? await lists.findList(db, input.listId) : null;
  if (input.listId && (!list || list.twilioAccountId !== account.id)) throw notFound(LIST_TEXTS.notFound);

  // A national number is read with the account's default country.
  const phone = toE164(input.phone, account.phoneCountry);
  if (!phone) throw badRequest(TX.phoneInvalid, [{ path: "phone", message: TX.phoneInvalid }]);
  const existing = await repo.findLeadByPhone(db, account.id, phone);
  // Fields the caller sent replace the stored ones; custom fields are merged.
  const changes: Partial<repo.LeadRow> = { phoneNumber: phone };
  if (input.name) changes.name = input.name;
  if (input.email) changes.email = input.email;
  if (input.company) changes.company = input.company;
  if (input.notes) changes.notes = input.notes;
  if (input.externalId) changes.externalId = input.externalId;
  // A sale reported with a value converts the lead.
  const status = input.dealValue != null ? "converted" : input.status;
  if (status) {
    changes.status = status;
    Object.assign(changes, conversionChanges(existing, status, input.dealValue, now));
  }
  if (source) changes.leadSourceId = source.id;
  if (input.customFields) changes.customFields = { ...(existing?.customFields ?? {}), ...input.customFields };
  const lead = await repo.upsertLead(
    db,
    {
      userId: owner.userId,
      twilioAccountId: account.id,
      phoneNumber: phone,
      name: input.name,
      email: input.email,
      company: input.company,
      notes: input.notes,
      customFields: input.customFields,
      externalId: input.externalId,
      leadSourceId: source?.id ?? null,
      status: status ?? "new",
      importedAt: now,
      ...conversionChanges(undefined, status ?? "new", input.dealValue, now),
    },
    changes,
  );
  // A number the account already talks with: the lead points at that conversation (its chat link,
  // and the template its conversion and revenue are credited to).
  if (!lead.conversationId) {
    const talking = await conversations.findConversationByPhone(db, account.id, lead.phoneNumber);
    if (talking) {
      await repo.updateLead(db, lead.id, { conversationId: talking.id });
      lead.conversationId = talking.id;
    }
  }

  let listLeadId: string | null = null;
  if (list) {
    const { nome, cognome } = splitLeadName(lead.name);
    const professione = typeof lead.customFields?.professione === "string" ? lead.customFields.professione.slice(0, 200) : null;
    const saved = await lists.upsertOneLead(
      db,
      list.id,
      {
        externalId: input.externalId ?? lead.phoneNumber,
        nome,
        cognome,
        numeroTelefono: lead.phoneNumber,
        email: lead.email,
        professione,
        note: lead.notes?.slice(0, 1000) ?? null,
        originalData: { name: lead.name, phone: lead.phoneNumber, email: lead.email, company: lead.company, notes: lead.notes, customFields: lead.customFields },
      },
      now,
    );
    listLeadId = saved?.id ?? null;
  }

  const activeSource = source ?? (lead.leadSourceId ? await repo.findSource(db, lead.leadSourceId) : null);
  const autoResponse = await autoRespond(env, db, owner, activeSource ?? null, lead, now);
  const found = (await repo.findLeadWithSource(db, lead.id))!;
  return { lead: toApiLead(found), created: !existing, listLeadId, autoResponse };
}

// The source's approved template goes out once, to a lead not yet in conversation with the account.
// planned: the plan's campaign slot sends the same template to leads not yet contacted, whether or
// not the source answers new leads at once.
export async function autoRespond(
  env: Env,
  db: Db,
  owner: { account: AccountRow; userId: string },
  source: repo.LeadSourceRow | null,
  lead: repo.LeadRow,
  now: Date,
  planned = false,
): Promise<AutoResponseResult> {
  const none = (status: AutoResponseResult["status"], reason: string | null = null): AutoResponseResult => ({
    status,
    conversationId: lead.conversationId,
    reason,
  });
  if (!source || !source.isActive || (!source.autoResponse && !planned) || !source.templateId) return none("not_configured");
  if (lead.conversationId) return none("skipped", TX.leadHasConversation);
  const { account } = owner;
  const template = await templates.findTemplate(db, source.templateId);
  if (!template || template.status !== "approved" || (!account.sandbox && !template.externalTemplateId)) return none("skipped", TX.templateNotApproved);
  const existing = await conversations.findConversationByPhone(db, account.id, lead.phoneNumber);
  if (existing) {
    await repo.updateLead(db, lead.id, { conversationId: existing.id });
    return { status: "skipped", conversationId: existing.id, reason: TX.numberHasConversation };
  }
  const filled = await fillSourceTemplate(db, source, template, lead);
  if ("blocked" in filled) return none("skipped", filled.blocked);
  if (!(await repo.claimAutoResponse(db, lead.id, now))) return none("skipped", TX.autoResponseAlreadySent);
  const conversation = await conversations.ensureConversation(db, { userId: owner.userId, twilioAccountId: account.id, phoneNumber: lead.phoneNumber });
  const sid = internalTemplateSid(template);
  const details = {
    customerName: lead.name,
    customerCompany: lead.company,
    templateId: template.id,
    templateSid: sid,
    templateName: template.name,
    templateCategory: template.category,
    status: "active",
  };
  await conversations.updateConversation(db, conversation.id, details);
  try {
    await queueOutbound(
      env,
      db,
      { ...conversation, ...details },
      {
        content: filled.content,
        sender: "operator",
        templateSid: sid,
        templateVariables: filled.variables,
      },
      now,
    );
  } catch (err) {
    if (err instanceof HttpError && err.status === 409) {
      await repo.updateLead(db, lead.id, { conversationId: conversation.id });
      return { status: "skipped", conversationId: conversation.id, reason: err.message };
    }
    // Not sent: a later try may claim it again.
    await repo.releaseAutoResponse(db, lead.id);
    throw err;
  }
  await repo.updateLead(db, lead.id, { conversationId: conversation.id, status: lead.status === "new" ? "contacted" : lead.status, lastContactedAt: now, templateBlocked: null });
  return { status: "queued", conversationId: conversation.id, reason: null };
}
