import { z } from "zod";
import { isCalendarDayString } from "../calendar-time";
import type { VariableBindings, VariableContext } from "../template-variables";
import { CAMPAIGN_TEXTS as TX } from "../texts/campaigns";
import { T } from "../strings";
import { variableBindingsSchema } from "./template-variables";

// Campaigns and follow-up funnels (spec part 2 "Campaigns", §3, §5, §9). This file is the contract
// between the Worker (worker/features/campaigns, worker/jobs/funnel-*) and the web screen.

export const CAMPAIGN_TYPES = ["dynamic", "calendar"] as const;
export type CampaignType = (typeof CAMPAIGN_TYPES)[number];
// pending: created, never activated. completed: a calendar broadcast whose sends are all done.
export const CAMPAIGN_STATUSES = ["pending", "active", "paused", "completed"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const STEP_TYPES = ["message", "conditional_reply"] as const;
export type StepType = (typeof STEP_TYPES)[number];
export const TRIGGER_TYPES = ["immediate", "relative", "absolute"] as const;
export type TriggerType = (typeof TRIGGER_TYPES)[number];
export const TRIGGER_UNITS = ["minutes", "hours", "days"] as const;
export type TriggerUnit = (typeof TRIGGER_UNITS)[number];

export const CAMPAIGN = {
  preferredHours: [9, 10, 14, 16, 18],
  preferredMinutes: [0, 15, 30, 45],
  // A relative delay longer than this snaps to the campaign's preferred hour and minute (Europe/Rome).
  snapAboveMs: 24 * 60 * 60 * 1000,
  calendarDefaultTime: "10:00",
  nameMax: 200,
  maxSteps: 20,
  triggerValueMax: 10_000,
} as const;

const name = z.string().trim().min(1, TX.nameRequired).max(CAMPAIGN.nameMax, TX.nameTooLong(CAMPAIGN.nameMax));
const templateSid = z.string().trim().min(1, TX.templateRequired).max(100);
const preferredHour = z
  .number()
  .int()
  .refine((h) => (CAMPAIGN.preferredHours as readonly number[]).includes(h), TX.preferredHourInvalid)
  .nullable();
const preferredMinute = z
  .number()
  .int()
  .refine((m) => (CAMPAIGN.preferredMinutes as readonly number[]).includes(m), TX.preferredMinuteInvalid);

export const createDynamicCampaignSchema = z.object({
  name,
  templateSid,
  targetListId: z.string().trim().min(1, TX.targetListRequired),
  // Optional: the server uses the user's active account; when sent it must be that account.
  twilioAccountId: z.string().trim().min(1).optional(),
  preferredHour: preferredHour.optional().default(null),
  preferredMinute: preferredMinute.optional().default(0),
});
export type CreateDynamicCampaignInput = z.infer<typeof createDynamicCampaignSchema>;

// A one-off broadcast of a template to a list at a date and time in Europe/Rome.
export const createCalendarCampaignSchema = z.object({
  name,
  templateSid,
  targetListId: z.string().trim().min(1, TX.targetListRequired),
  twilioAccountId: z.string().trim().min(1).optional(),
  scheduledDate: z.string().refine(isCalendarDayString, TX.scheduledDateInvalid),
  scheduledTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, TX.scheduledTimeInvalid),
  // Where each {{n}} of the template takes its value for each lead of the list.
  variables: variableBindingsSchema.optional().default({}),
});
export type CreateCalendarCampaignInput = z.infer<typeof createCalendarCampaignSchema>;

// GET /api/campaigns/recipients-sample: the first recipient of a list, for the live preview of a template.
export const recipientSampleQuery = z.object({ targetListId: z.string({ error: TX.targetListRequired }).trim().min(1, TX.targetListRequired).max(64) });
export interface ApiRecipientSample {
  total: number;
  first: { name: string | null; context: VariableContext } | null;
  // The source's own columns, offered as custom fields.
  customKeys: string[];
}

export const campaignIdParam = z.object({ id: z.string().min(1).max(64) });
export const funnelStepIdParam = z.object({ id: z.string().min(1).max(64), stepId: z.string().min(1).max(64) });
export const campaignListQuery = z.object({
  type: z.enum(CAMPAIGN_TYPES, { error: TX.typeInvalid }).optional(),
});

export const updateCampaignSchema = z.object({
  status: z.enum(["active", "paused"], { error: TX.statusInvalid }),
});
export type UpdateCampaignInput = z.infer<typeof updateCampaignSchema>;

const stepFields = z.object({
  stepType: z.enum(STEP_TYPES, { error: TX.stepTypeInvalid }),
  templateSid: z.string().trim().max(100).nullable().optional(),
  triggerType: z.enum(TRIGGER_TYPES, { error: TX.triggerTypeInvalid }),
  triggerValue: z.number().int(TX.integerRequired).max(CAMPAIGN.triggerValueMax).nullable().optional(),
  triggerUnit: z.enum(TRIGGER_UNITS, { error: TX.triggerUnitInvalid }).nullable().optional(),
  // An instant: ISO 8601 with offset (the web converts the Rome date and time it shows).
  triggerDate: z.iso.datetime({ offset: true, error: T.invalidDate }).nullable().optional(),
  stepOrder: z.number({ error: TX.stepOrderInvalid }).int(TX.stepOrderInvalid).min(1, TX.stepOrderInvalid),
  isActive: z.boolean(),
  // Where each {{n}} of the step's template takes its value for each lead.
  variables: variableBindingsSchema.nullable().optional(),
});

export type FunnelStepFields = z.infer<typeof stepFields>;

// The rules a whole step must satisfy; the server checks them on create and on the merged result of an update.
export function checkStep(step: Partial<FunnelStepFields>, ctx: z.RefinementCtx) {
  if (step.triggerType === "relative" && !(step.triggerValue != null && step.triggerValue > 0)) {
    ctx.addIssue({ code: "custom", path: ["triggerValue"], message: TX.triggerRequired });
  }
  if (step.triggerType === "relative" && !step.triggerUnit) {
    ctx.addIssue({ code: "custom", path: ["triggerUnit"], message: TX.triggerUnitRequired });
  }
  if (step.triggerType === "absolute" && !step.triggerDate) {
    ctx.addIssue({ code: "custom", path: ["triggerDate"], message: TX.triggerRequired });
  }
  if ((step.stepType ?? "message") === "message" && !step.templateSid) {
    ctx.addIssue({ code: "custom", path: ["templateSid"], message: TX.stepTemplateRequired });
  }
}

// POST /api/campaigns/:id/funnel. stepOrder defaults to the existing steps count + 1.
export const createFunnelStepSchema = stepFields
  .extend({
    stepType: stepFields.shape.stepType.default("message"),
    triggerType: stepFields.shape.triggerType.default("immediate"),
    stepOrder: stepFields.shape.stepOrder.optional(),
    isActive: z.boolean().default(true),
  })
  .superRefine(checkStep);
export type CreateFunnelStepInput = z.infer<typeof createFunnelStepSchema>;

// PATCH /api/campaigns/:id/funnel/:stepId: any subset; the server re-checks the merged step with checkStep.
export const updateFunnelStepSchema = stepFields.partial();
export type UpdateFunnelStepInput = z.infer<typeof updateFunnelStepSchema>;

export interface ApiFunnelStepStats {
  pending: number; // scheduled, not yet due or not yet sent
  sent: number;
  delivered: number; // delivered or read
  replied: number; // the customer wrote after this step's message
  stopped: number; // runs that ended at this step (conditional reply met, campaign deleted, opted out)
  skipped: number; // opted out or conversation in operator mode
  failed: number;
}

export interface ApiFunnelStep {
  id: string;
  campaignId: string;
  stepOrder: number;
  stepType: StepType;
  templateSid: string | null;
  triggerType: TriggerType;
  triggerValue: number | null;
  triggerUnit: TriggerUnit | null;
  triggerDate: string | null; // ISO
  isActive: boolean;
  variables: VariableBindings | null;
  stats: ApiFunnelStepStats;
}

export interface ApiCampaign {
  id: string;
  campaignId: string;
  name: string;
  campaignType: CampaignType;
  status: CampaignStatus;
  templateSid: string | null;
  targetListId: string | null;
  targetListName: string | null;
  twilioAccountId: string;
  preferredHour: number | null;
  preferredMinute: number;
  scheduledAt: string | null; // calendar campaigns: the broadcast instant, ISO
  totalRecipients: number;
  sentCount: number;
  deliveredCount: number;
  failedCount: number;
  skippedCount: number;
  stepCount: number;
  createdAt: string;
}

// GET /api/campaigns/:id/capacity: what activating the campaign will do.
export interface ApiCampaignCapacity {
  recipients: number; // leads in the target list that will get the first message
  skippedOptedOut: number;
  skippedOperator: number;
  messages: number; // total message sends if every lead goes through every message step
  messagesPerSecond: number; // the sender's limit
  firstSendAt: string; // ISO
  finishesAt: string; // ISO: when the first step's sends finish at that rate
}


// The spec's trigger display: 'Immediato', 'Dopo N minuti/ore/giorni', 'Il {date}', else 'Non configurato'.
// formatDate renders the absolute date (the web passes its Europe/Rome formatter).
export function triggerLabel(
  step: Pick<ApiFunnelStep, "triggerType" | "triggerValue" | "triggerUnit" | "triggerDate">,
  formatDate: (iso: string) => string,
): string {
  if (step.triggerType === "immediate") return TX.immediate;
  if (step.triggerType === "relative" && step.triggerValue && step.triggerUnit) {
    const [one, many] = TX.unitWords[step.triggerUnit];
    return TX.after(step.triggerValue, step.triggerValue === 1 ? one : many);
  }
  if (step.triggerType === "absolute" && step.triggerDate) return TX.onDate(formatDate(step.triggerDate));
  return TX.notConfigured;
}

// Screen texts beyond the spec's own words: labels, hints and the capacity check.
