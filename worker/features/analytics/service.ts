import { type AnalyticsStats, CAMPAIGN_COUNTS, type CampaignCount, type CampaignFigures, type ClientStats, type DayPoint, type SentimentGroup, type TemplatePerformance } from "@shared/schemas/analytics";
import { nextRomeDay, romeDay, romeDayStart } from "@shared/rome-time";
import type { Db } from "@worker/db/client";
import type { AccountRow } from "../accounts/repo";
import { listProviderTemplates } from "../provider-templates/service";
import * as repo from "./repo";

// A day point names each campaign count campaignX.
const dayKey = (count: CampaignCount) => `campaign${count[0]!.toUpperCase()}${count.slice(1)}` as `campaign${Capitalize<CampaignCount>}`;

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);
const euros = (cents: number) => Math.round(cents) / 100;
const HOUR_MS = 3_600_000;

export async function stats(env: Env, db: Db, account: AccountRow): Promise<AnalyticsStats> {
  const [all, templates] = await Promise.all([
    repo.templateCounts(db, account.id),
    // The templates the account can send; Twilio being unreachable must not break the dashboard.
    listProviderTemplates(env, account).catch(() => null),
  ]);
  const rows = all.filter((r) => r.templateKey !== repo.TOTAL_KEY);
  const totalCents = Number(all.find((r) => r.templateKey === repo.TOTAL_KEY)?.revenueCents ?? 0);
  const performance: TemplatePerformance[] = rows
    .filter((r) => r.templateKey !== "")
    .map((r) => ({
      templateId: r.templateKey,
      templateName: r.templateName ?? r.templateKey,
      category: r.category,
      started: r.conversations,
      converted: r.converted,
      conversionRate: percent(r.converted, r.conversations),
      revenue: euros(Number(r.revenueCents)),
    }))
    .sort((a, b) => b.conversionRate - a.conversionRate || b.started - a.started);
  const started = performance.reduce((n, p) => n + p.started, 0);
  const convertedTotal = performance.reduce((n, p) => n + p.converted, 0);
  return {
    activeConversations: rows.reduce((n, r) => n + r.active, 0),
    totalTemplates: templates ? templates.filter((t) => t.status === "approved").length : 0,
    conversionRate: percent(convertedTotal, started),
    startedConversations: started,
    revenue: euros(totalCents),
    performance,
  };
}

export async function clientStats(db: Db, account: AccountRow): Promise<ClientStats> {
  const rows = await repo.repliedByTemplate(db, account.id);
  const startedRows = rows.filter((r) => r.templateSid !== null);
  const started = startedRows.reduce((n, r) => n + r.conversations, 0);
  const repliedCount = startedRows.reduce((n, r) => n + Number(r.replied ?? 0), 0);
  const active = rows.reduce((n, r) => n + Number(r.active ?? 0), 0);
  return { responseRate: percent(repliedCount, started), startedConversations: started, repliedConversations: repliedCount, activeConversations: active };
}

function emptyDay(day: string): DayPoint {
  return {
    day,
    started: 0,
    replied: 0,
    aiCost: 0,
    campaignSent: 0,
    campaignDelivered: 0,
    campaignRead: 0,
    campaignFailed: 0,
    campaignReplied: 0,
    campaignStopped: 0,
    converted: 0,
    conversionRate: 0,
    revenue: 0,
  };
}

// One point per Rome day in [startDate, endDate], days without activity included as zeros.
export async function timeseries(db: Db, account: AccountRow, startDate: string, endDate: string): Promise<DayPoint[]> {
  const from = romeDayStart(startDate);
  const to = romeDayStart(nextRomeDay(endDate));
  const points = new Map<string, DayPoint>();
  for (let day = startDate; day <= endDate; day = nextRomeDay(day)) points.set(day, emptyDay(day));
  const cents = new Map<string, number>();
  const [started, usage, hours, conversions] = await Promise.all([
    repo.startedIn(db, account.id, from, to),
    repo.usageIn(db, account.id, from, to),
    repo.campaignHoursIn(db, account.id, from, to),
    repo.conversionsIn(db, account.id, from, to),
  ]);
  for (const s of started) {
    const p = points.get(romeDay(s.at));
    if (!p) continue;
    p.started++;
    if (s.replied) p.replied++;
  }
  for (const u of usage) {
    const p = points.get(romeDay(u.at));
    if (p) p.aiCost += Number(u.cost);
  }
  for (const h of hours) {
    const p = points.get(romeDay(h.hour * HOUR_MS));
    if (!p) continue;
    for (const count of CAMPAIGN_COUNTS) p[dayKey(count)] += Number(h[count]);
  }
  for (const c of conversions) {
    const day = romeDay(c.at);
    const p = points.get(day);
    if (!p) continue;
    p.converted++;
    cents.set(day, (cents.get(day) ?? 0) + Number(c.cents ?? 0));
  }
  return [...points.values()].map((p) => ({
    ...p,
    aiCost: Math.round(p.aiCost * 1e6) / 1e6,
    conversionRate: percent(p.converted, p.started),
    revenue: euros(cents.get(p.day) ?? 0),
  }));
}

// Per campaign over [startDate, endDate] (Rome days): the campaign card's figures and the revenue of
// the leads it converted, with the conversion rate over the leads it sent to.
export async function campaignFigures(db: Db, account: AccountRow, startDate: string, endDate: string): Promise<CampaignFigures[]> {
  const from = romeDayStart(startDate);
  const to = romeDayStart(nextRomeDay(endDate));
  const [hours, conversions] = await Promise.all([repo.campaignHoursIn(db, account.id, from, to), repo.conversionsIn(db, account.id, from, to)]);
  const byCampaign = new Map<string, CampaignFigures & { cents: number }>();
  const entry = (campaignId: string, name: string) => {
    let f = byCampaign.get(campaignId);
    if (!f) {
      f = { campaignId, name, sent: 0, delivered: 0, read: 0, failed: 0, replied: 0, stopped: 0, converted: 0, conversionRate: 0, revenue: 0, cents: 0 };
      byCampaign.set(campaignId, f);
    }
    return f;
  };
  for (const h of hours) {
    const f = entry(h.campaignId, h.name);
    for (const count of CAMPAIGN_COUNTS) f[count] += Number(h[count]);
  }
  for (const c of conversions) {
    const f = c.campaignId ? byCampaign.get(c.campaignId) : undefined;
    if (!f) continue;
    f.converted++;
    f.cents += Number(c.cents ?? 0);
  }
  return [...byCampaign.values()]
    .map(({ cents, ...f }) => ({ ...f, revenue: euros(cents), conversionRate: percent(f.converted, f.sent) }))
    .sort((a, b) => b.sent - a.sent || a.name.localeCompare(b.name));
}

// Feedback items are stored as "category: text"; grouped by category with how often each recurs.
export async function sentiment(db: Db, account: AccountRow): Promise<SentimentGroup[]> {
  const groups = new Map<string, { positive: Map<string, number>; negative: Map<string, number> }>();
  const add = (raw: string, side: "positive" | "negative") => {
    const cut = raw.indexOf(":");
    const category = cut > 0 ? raw.slice(0, cut).trim() : "other";
    const item = cut > 0 ? raw.slice(cut + 1).trim() : raw.trim();
    const group = groups.get(category) ?? { positive: new Map(), negative: new Map() };
    group[side].set(item, (group[side].get(item) ?? 0) + 1);
    groups.set(category, group);
  };
  for (const row of await repo.feedbackOf(db, account.id)) {
    row.positive.forEach((i) => add(i, "positive"));
    row.negative.forEach((i) => add(i, "negative"));
  }
  const sorted = (m: Map<string, number>) => [...m].map(([item, n]) => ({ item, count: n })).sort((a, b) => b.count - a.count);
  return [...groups].map(([category, g]) => ({ category, positive: sorted(g.positive), negative: sorted(g.negative) }));
}
