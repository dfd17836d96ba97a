import { addDays, fromRomeLocalInput, romeDayOf } from "@shared/calendar-time";
import { CAMPAIGN, createCalendarCampaignSchema, type CreateCalendarCampaignInput, createDynamicCampaignSchema, type CreateDynamicCampaignInput } from "@shared/schemas/campaigns";
import { CAMPAIGN_TEXTS as TX } from "@shared/texts/campaigns";
import { type VariableBindings } from "@shared/template-variables";
import { TEMPLATE_VARIABLE_TEXTS as VX } from "@shared/texts/template-variables";
import { T } from "@shared/strings";
import { firstIssueByField } from "./zod-errors";

type FormResult<TValues, TInput> = { ok: true; data: TInput } | { ok: false; errors: Partial<Record<keyof TValues, string>> };

export interface DynamicFormValues {
  name: string;
  targetListId: string;
  templateSid: string;
  // "" when follow-ups keep their own time.
  preferredHour: string;
  preferredMinute: string;
}

export const emptyDynamicForm = (): DynamicFormValues => ({ name: "", targetListId: "", templateSid: "", preferredHour: "", preferredMinute: "0" });

export function validateDynamicForm(values: DynamicFormValues, twilioAccountId: string): FormResult<DynamicFormValues, CreateDynamicCampaignInput> {
  const parsed = createDynamicCampaignSchema.safeParse({
    name: values.name,
    templateSid: values.templateSid,
    targetListId: values.targetListId,
    twilioAccountId,
    preferredHour: values.preferredHour === "" ? null : Number(values.preferredHour),
    preferredMinute: Number(values.preferredMinute),
  });
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, errors: firstIssueByField(parsed.error) };
}

export interface CalendarFormValues {
  name: string;
  targetListId: string;
  templateSid: string;
  scheduledDate: string;
  scheduledTime: string;
  variables: VariableBindings;
}

// Tomorrow (in Italy) at the default 10:00: a broadcast is planned ahead.
export function emptyCalendarForm(now: Date): CalendarFormValues {
  return { name: "", targetListId: "", templateSid: "", scheduledDate: addDays(romeDayOf(now), 1), scheduledTime: CAMPAIGN.calendarDefaultTime, variables: {} };
}

// `incomplete` are the template's positions still without a usable source (the dialog knows the template).
export function validateCalendarForm(values: CalendarFormValues, now: Date, incomplete: string[] = []): FormResult<CalendarFormValues, CreateCalendarCampaignInput> {
  const parsed = createCalendarCampaignSchema.safeParse(values);
  if (!parsed.success) return { ok: false, errors: firstIssueByField(parsed.error) };
  if (incomplete.length > 0) return { ok: false, errors: { variables: VX.missing(incomplete) } };
  const at = fromRomeLocalInput(`${values.scheduledDate}T${values.scheduledTime}`);
  if (!at) return { ok: false, errors: { scheduledDate: T.invalidDate } };
  if (at.getTime() <= now.getTime()) return { ok: false, errors: { scheduledDate: TX.scheduledInPast } };
  return { ok: true, data: parsed.data };
}
