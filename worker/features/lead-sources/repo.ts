import { and, count, desc, eq, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { leads, leadSources, templates, twilioAccounts } from "@worker/db/schema";
import { reachableBy, type Tenant } from "@worker/db/tenancy";

export type LeadSourceRow = typeof leadSources.$inferSelect;
export type LeadRow = typeof leads.$inferSelect;

// A source with its auto-response template's name and how many leads it brought.
const sourcesWithDetails = (db: Db, where: SQL) =>
  db
    .select({
      source: leadSources,
      templateName: templates.name,
      leadCount: sql<number>`(select count(*) from leads l where l.lead_source_id = "lead_sources"."id")`,
    })
    .from(leadSources)
    .leftJoin(templates, eq(templates.id, leadSources.templateId))
    .where(where);

export function listSources(db: Db, accountId: string) {
  return sourcesWithDetails(db, eq(leadSources.twilioAccountId, accountId)).orderBy(desc(leadSources.createdAt));
}

export async function findSourceWithDetails(db: Db, id: string) {
  const [row] = await sourcesWithDetails(db, eq(leadSources.id, id)).limit(1);
  return row;
}

export function findSource(db: Db, id: string) {
  return db.query.leadSources.findFirst({ where: eq(leadSources.id, id) });
}

// The source if its account is one the user may reach.
export async function findSourceForUser(db: Db, id: string, user: Tenant) {
  const [row] = await db.select().from(leadSources).where(and(eq(leadSources.id, id), reachableBy(user, leadSources.twilioAccountId))).limit(1);
  return row;
}

export async function insertSource(db: Db, values: typeof leadSources.$inferInsert) {
  const [row] = await db.insert(leadSources).values(values).returning();
  return row!;
}

export async function updateSource(db: Db, id: string, values: Partial<typeof leadSources.$inferInsert>) {
  const [row] = await db.update(leadSources).set(values).where(eq(leadSources.id, id)).returning();
  return row;
}

export function deleteSource(db: Db, id: string) {
  return db.delete(leadSources).where(eq(leadSources.id, id));
}

export interface LeadFilter {
  search?: string;
  status?: string;
  leadSourceId?: string;
  // Keyset: strictly after this lead in (importedAt desc, id desc) order.
  after?: { at: number; id: string };
}

export async function leadsPage(db: Db, accountId: string, filter: LeadFilter, page: number, pageSize: number) {
  const filters: SQL[] = [eq(leads.twilioAccountId, accountId)];
  if (filter.status) filters.push(eq(leads.status, filter.status));
  if (filter.leadSourceId) filters.push(eq(leads.leadSourceId, filter.leadSourceId));
  if (filter.search) {
    const pattern = `%${filter.search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    filters.push(
      sql`(${leads.name} like ${pattern} escape '\\' or ${leads.phoneNumber} like ${pattern} escape '\\' or ${leads.email} like ${pattern} escape '\\' or ${leads.company} like ${pattern} escape '\\')`,
    );
  }
  const where = and(...filters);
  const after = filter.after;
  const keyset = after
    ? or(lt(leads.importedAt, new Date(after.at)), and(eq(leads.importedAt, new Date(after.at)), lt(leads.id, after.id)))
    : undefined;
  // One more than the page tells whether a next page exists.
  const [found, [total]] = await Promise.all([
    db
      .select({ lead: leads, sourceName: leadSources.name })
      .from(leads)
      .leftJoin(leadSources, eq(leadSources.id, leads.leadSourceId))
      .where(and(where, keyset))
      .orderBy(desc(leads.importedAt), desc(leads.id))
      .limit(pageSize + 1)
      .offset(after ? 0 : (page - 1) * pageSize),
    db.select({ n: count() }).from(leads).where(where),
  ]);
  const rows = found.slice(0, pageSize);
  const last = rows[rows.length - 1];
  return { rows, total: total?.n ?? 0, nextCursor: found.length > pageSize && last ? `${last.lead.importedAt.getTime()}_${last.lead.id}` : null };
}

export async function findLeadWithSource(db: Db, id: string) {
  const [row] = await db
    .select({ lead: leads, sourceName: leadSources.name })
    .from(leads)
    .leftJoin(leadSources, eq(leadSources.id, leads.leadSourceId))
    .where(eq(leads.id, id))
    .limit(1);
  return row;
}

// The lead with its source's name and its account, if that account is one the user may reach.
export async function findLeadForUser(db: Db, id: string, user: Tenant) {
  const [row] = await db
    .select({ lead: leads, sourceName: leadSources.name, account: twilioAccounts })
    .from(leads)
    .innerJoin(twilioAccounts, eq(twilioAccounts.id, leads.twilioAccountId))
    .leftJoin(leadSources, eq(leadSources.id, leads.leadSourceId))
    .where(and(eq(leads.id, id), reachableBy(user, leads.twilioAccountId)))
    .limit(1);
  return row;
}

export function findLeadByPhone(db: Db, accountId: string, phone: string) {
  return db.query.leads.findFirst({ where: and(eq(leads.twilioAccountId, accountId), eq(leads.phoneNumber, phone)) });
}

// One lead per phone number per account: a second arrival updates the first.
export async function upsertLead(db: Db, values: typeof leads.$inferInsert & { twilioAccountId: string; phoneNumber: string }, changes: Partial<typeof leads.$inferInsert>) {
  const [row] = await db
    .insert(leads)
    .values(values)
    .onConflictDoUpdate({ target: [leads.twilioAccountId, leads.phoneNumber], set: changes })
    .returning();
  return row!;
}

// The same update as a statement, for a batch with its audit row.
export function updateLeadStatement(db: Db, id: string, values: Partial<typeof leads.$inferInsert>) {
  return db.update(leads).set(values).where(eq(leads.id, id));
}

export async function updateLead(db: Db, id: string, values: Partial<typeof leads.$inferInsert>) {
  const [row] = await db.update(leads).set(values).where(eq(leads.id, id)).returning();
  return row;
}

// The one caller that sets the stamp sends the auto-response; overlapping imports, syncs and API
// calls for the same lead find it taken.
export async function claimAutoResponse(db: Db, id: string, now: Date) {
  const rows = await db
    .update(leads)
    .set({ autoRespondedAt: now })
    .where(and(eq(leads.id, id), isNull(leads.autoRespondedAt)))
    .returning({ id: leads.id });
  return rows.length === 1;
}

export function releaseAutoResponse(db: Db, id: string) {
  return db.update(leads).set({ autoRespondedAt: null }).where(eq(leads.id, id));
}

export function deleteLead(db: Db, id: string) {
  return db.delete(leads).where(eq(leads.id, id));
}

// Auto-synced sources whose sync is due; the claim moves nextSyncAt on by the interval, so one cron
// tick takes a source however many overlap.
export function dueSyncSources(db: Db, now: Date, limit: number) {
  return db
    .select()
    .from(leadSources)
    .where(and(eq(leadSources.autoSync, true), eq(leadSources.isActive, true), sql`${leadSources.nextSyncAt} <= ${now.getTime()}`))
    .limit(limit);
}

export async function claimSourceSync(db: Db, source: LeadSourceRow, now: Date) {
  const rows = await db
    .update(leadSources)
    .set({ nextSyncAt: new Date(now.getTime() + source.syncInterval * 60_000) })
    .where(and(eq(leadSources.id, source.id), eq(leadSources.autoSync, true), sql`${leadSources.nextSyncAt} <= ${now.getTime()}`))
    .returning({ id: leadSources.id });
  return rows.length === 1;
}

export function recordSync(db: Db, id: string, values: Pick<LeadSourceRow, "lastSyncResult"> & { lastSyncAt?: Date }) {
  return db.update(leadSources).set(values).where(eq(leadSources.id, id));
}

// Sources whose next planned send has come.
export function dueCampaignSources(db: Db, now: Date, limit: number) {
  return db
    .select()
    .from(leadSources)
    .where(and(eq(leadSources.isActive, true), sql`${leadSources.nextCampaignAt} <= ${now.getTime()}`))
    .limit(limit);
}

// Moves the plan on from the slot at `dueAt`; only the tick that still finds it there wins.
export async function claimCampaignSlot(db: Db, source: LeadSourceRow, dueAt: Date, next: Date | null, sentKeys: string[]) {
  const rows = await db
    .update(leadSources)
    .set({ lastCampaignAt: dueAt, nextCampaignAt: next, campaignSent: next === null, talkingSchedulesSent: sentKeys })
    .where(and(eq(leadSources.id, source.id), sql`${leadSources.nextCampaignAt} = ${dueAt.getTime()}`))
    .returning({ id: leadSources.id });
  return rows.length === 1;
}

// The source's leads a planned send goes to (not converted or lost), a page at a time by id.
export function plannedRecipients(db: Db, sourceId: string, afterId: string, limit: number) {
  return db
    .select()
    .from(leads)
    .where(and(eq(leads.leadSourceId, sourceId), sql`${leads.status} in ('new', 'contacted')`, sql`${leads.id} > ${afterId}`))
    .orderBy(leads.id)
    .limit(limit);
}
