import { z } from "zod";
import { MAX_RANGE_DAYS } from "../constants";
import { isCalendarDay } from "../rome-time";
import { ANALYTICS_TEXTS as TX } from "../texts/analytics";

// How the figures are defined (README "Analytics"):
// - a conversation is *started* when the business opened it with a template;
// - it is *replied* when the customer wrote in it afterwards;
// - it is *converted* when it was marked a qualified lead or its lead was converted;
// - revenue is the deal value (euros) of converted leads, on the Rome day they were converted.
export interface TemplatePerformance {
  templateId: string;
  templateName: string;
  conversionRate: number;
  category: string | null;
  started: number;
  converted: number;
  revenue: number;
}

export interface AnalyticsStats {
  activeConversations: number;
  totalTemplates: number;
  conversionRate: number;
  startedConversations: number;
  revenue: number;
  performance: TemplatePerformance[];
}

export interface ClientStats {
  responseRate: number;
  startedConversations: number;
  repliedConversations: number;
  activeConversations: number;
}

export interface DayPoint {
  day: string;
  started: number;
  replied: number;
  aiCost: number;
  campaignSent: number;
  campaignDelivered: number;
  campaignRead: number;
  campaignFailed: number;
  campaignReplied: number;
  campaignStopped: number;
  converted: number;
  conversionRate: number;
  revenue: number;
}

// The counts of a campaign's messages, as its card, its funnel and Analytics define them.
export const CAMPAIGN_COUNTS = ["sent", "delivered", "read", "failed", "replied", "stopped"] as const;
export type CampaignCount = (typeof CAMPAIGN_COUNTS)[number];
export type CampaignCounts = Record<CampaignCount, number>;

// A campaign's figures over a period: the same counts as its card and funnel (from its executions and
// their messages' statuses), by the day each step was executed; revenue from the converted leads it
// messaged last before their conversion.
export interface CampaignFigures extends CampaignCounts {
  campaignId: string;
  name: string;
  converted: number;
  conversionRate: number;
  revenue: number;
}

export interface SentimentGroup {
  category: string;
  positive: { item: string; count: number }[];
  negative: { item: string; count: number }[];
}


const day = z.string().refine(isCalendarDay, TX.dayInvalid);
export const timeseriesQuery = z
  .object({ startDate: day, endDate: day })
  .refine((q) => q.startDate <= q.endDate, { message: TX.endBeforeStart, path: ["endDate"] })
  .refine((q) => (Date.parse(q.endDate) - Date.parse(q.startDate)) / 86_400_000 < MAX_RANGE_DAYS, {
    message: TX.rangeMax(MAX_RANGE_DAYS),
    path: ["endDate"],
  });
