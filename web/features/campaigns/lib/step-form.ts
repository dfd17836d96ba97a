import { fromRomeLocalInput, romeLocalInput } from "@shared/calendar-time";
import { type ApiFunnelStep, CAMPAIGN, createFunnelStepSchema, type CreateFunnelStepInput, type StepType, type TriggerType, type TriggerUnit } from "@shared/schemas/campaigns";
import { CAMPAIGN_TEXTS as TX } from "@shared/texts/campaigns";
import { type VariableBindings } from "@shared/template-variables";
import { TEMPLATE_VARIABLE_TEXTS as VX } from "@shared/texts/template-variables";
import { firstIssueByField } from "./zod-errors";

export interface StepFormValues {
  stepType: StepType;
  templateSid: string;
  triggerType: TriggerType;
  // As typed; parsed as an integer on save.
  triggerValue: string;
  triggerUnit: TriggerUnit;
  // Rome calendar day and wall-clock time of an absolute send.
  date: string;
  time: string;
  // Where each {{n}} of the template takes its value.
  variables: VariableBindings;
}

export type StepFormErrors = Partial<Record<keyof StepFormValues | "form", string>>;

export function emptyStepForm(): StepFormValues {
  return { stepType: "message", templateSid: "", triggerType: "immediate", triggerValue: "1", triggerUnit: "days", date: "", time: "10:00", variables: {} };
}

export function stepFormFrom(step: ApiFunnelStep): StepFormValues {
  const local = step.triggerDate ? romeLocalInput(step.triggerDate) : "";
  return {
    stepType: step.stepType,
    templateSid: step.templateSid ?? "",
    triggerType: step.triggerType,
    triggerValue: step.triggerValue ? String(step.triggerValue) : "1",
    triggerUnit: step.triggerUnit ?? "days",
    date: local.slice(0, 10),
    time: local.slice(11, 16) || "10:00",
    variables: step.variables ?? {},
  };
}

// The fields a step body carries: only the trigger's own fields are set, the others are cleared.
export type StepBody = Pick<CreateFunnelStepInput, "stepType" | "templateSid" | "triggerType" | "triggerValue" | "triggerUnit" | "triggerDate" | "variables">;

export type StepFormResult = { ok: true; body: StepBody } | { ok: false; errors: StepFormErrors };

const UNIT_MS: Record<TriggerUnit, number> = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 };

// A relative delay over 24 hours is moved to the campaign's preferred time.
export function snapsToPreferredTime(values: StepFormValues): boolean {
  const n = Number.parseInt(values.triggerValue, 10);
  return values.triggerType === "relative" && n > 0 && n * UNIT_MS[values.triggerUnit] > CAMPAIGN.snapAboveMs;
}

// `incomplete` are the template's positions still without a usable source (the dialog knows the template).
export function validateStepForm(values: StepFormValues, incomplete: string[] = []): StepFormResult {
  const errors: StepFormErrors = {};
  const isMessage = values.stepType === "message";
  if (isMessage && !values.templateSid.trim()) errors.templateSid = TX.stepTemplateRequired;
  if (isMessage && values.templateSid.trim() && incomplete.length > 0) errors.variables = VX.missing(incomplete);

  let triggerValue: number | null = null;
  if (values.triggerType === "relative") {
    triggerValue = Number.parseInt(values.triggerValue, 10);
    if (!Number.isFinite(triggerValue) || triggerValue < 1) errors.triggerValue = TX.triggerValueMin;
    else if (triggerValue > CAMPAIGN.triggerValueMax) errors.triggerValue = TX.triggerValueMax(CAMPAIGN.triggerValueMax);
  }

  let triggerDate: string | null = null;
  if (values.triggerType === "absolute") {
    const at = fromRomeLocalInput(`${values.date}T${values.time}`);
    if (at) triggerDate = at.toISOString();
    else errors.date = TX.triggerDateRequired;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const body: StepBody = {
    stepType: values.stepType,
    templateSid: isMessage ? values.templateSid.trim() : null,
    triggerType: values.triggerType,
    triggerValue,
    triggerUnit: values.triggerType === "relative" ? values.triggerUnit : null,
    triggerDate,
    variables: isMessage ? values.variables : null,
  };
  // The shared schema has the last word, as it will on the server.
  const parsed = createFunnelStepSchema.safeParse(body);
  if (!parsed.success) return { ok: false, errors: { form: Object.values(firstIssueByField(parsed.error))[0] } };
  return { ok: true, body };
}
