import { type ApiLeadSource, LEAD_SOURCE_DEFAULTS, type LeadSourceInput, leadSourceSchema, PULLED_SOURCE_TYPES, SOURCE_FIELD_KEYS, type SourceFieldKey, type TalkingSchedule } from "@shared/schemas/lead-sources";
import { LEAD_TEXTS } from "@shared/texts/leads";
import { type VariableBindings } from "@shared/template-variables";
import { TEMPLATE_VARIABLE_TEXTS as VX } from "@shared/texts/template-variables";
import type { Checked } from "@web/components/ui/form";

export interface ScheduleRow {
  hour: string;
  minute: string;
  message: string;
}

export interface LeadSourceFormValues {
  name: string;
  type: string;
  isActive: boolean;
  templateId: string;
  // Where each {{n}} of the template takes its value.
  variables: VariableBindings;
  autoResponse: boolean;
  autoSync: boolean;
  syncInterval: string;
  calendarType: string;
  time: string;
  selectedDays: number[];
  startDate: string;
  endDate: string;
  specificDate: string;
  talkingSchedules: ScheduleRow[];
  // An Airtable source: the key is typed again only to change it.
  apiKey: string;
  baseId: string;
  tableId: string;
  viewId: string;
  mapping: Record<SourceFieldKey, string>;
}

const emptyMapping = () => Object.fromEntries(SOURCE_FIELD_KEYS.map((k) => [k, ""])) as Record<SourceFieldKey, string>;

// Field errors by name; schedule errors by "talkingSchedules.<index>.<field>".
export type LeadSourceFormErrors = Record<string, string | undefined>;

const pad = (n: number) => String(n).padStart(2, "0");

export function emptyLeadSourceForm(): LeadSourceFormValues {
  return {
    name: "",
    type: "api",
    isActive: true,
    templateId: "",
    variables: {},
    autoResponse: true,
    autoSync: false,
    syncInterval: String(LEAD_SOURCE_DEFAULTS.syncInterval),
    calendarType: "",
    time: `${pad(LEAD_SOURCE_DEFAULTS.calendarHour)}:${pad(LEAD_SOURCE_DEFAULTS.calendarMinute)}`,
    selectedDays: [],
    startDate: "",
    endDate: "",
    specificDate: "",
    talkingSchedules: [],
    apiKey: "",
    baseId: "",
    tableId: "",
    viewId: "",
    mapping: emptyMapping(),
  };
}

export function leadSourceFormFrom(s: ApiLeadSource): LeadSourceFormValues {
  return {
    name: s.name,
    type: s.type,
    isActive: s.isActive,
    templateId: s.templateId ?? "",
    variables: s.templateVariables,
    autoResponse: s.autoResponse,
    autoSync: s.autoSync,
    syncInterval: String(s.syncInterval),
    calendarType: s.calendarType ?? "",
    time: `${pad(s.calendarHour)}:${pad(s.calendarMinute)}`,
    selectedDays: s.selectedDays,
    startDate: s.startDate ?? "",
    endDate: s.endDate ?? "",
    specificDate: s.specificDate ?? "",
    talkingSchedules: s.talkingSchedules.map((t) => ({ hour: String(t.hour), minute: pad(t.minute), message: t.message })),
    apiKey: "",
    baseId: s.config?.baseId ?? "",
    tableId: s.config?.tableId ?? "",
    viewId: s.config?.viewId ?? "",
    mapping: { ...emptyMapping(), ...s.fieldMapping },
  };
}

// Numbers typed in the form stay text until checked, so "abc" is an error rather than NaN.
const toNumber = (value: string) => (value.trim() === "" ? Number.NaN : Number(value));

export function toLeadSourceInput(v: LeadSourceFormValues): LeadSourceInput {
  const [hour, minute] = v.time.split(":").map(Number);
  return {
    name: v.name,
    type: v.type as LeadSourceInput["type"],
    isActive: v.isActive,
    templateId: v.templateId || null,
    templateVariables: v.templateId ? v.variables : {},
    autoResponse: v.autoResponse,
    // Push-only sources have no auto-sync.
    autoSync: PULLED_SOURCE_TYPES.includes(v.type) && v.autoSync,
    syncInterval: toNumber(v.syncInterval),
    calendarType: (v.calendarType || null) as LeadSourceInput["calendarType"],
    calendarHour: hour ?? LEAD_SOURCE_DEFAULTS.calendarHour,
    calendarMinute: minute ?? LEAD_SOURCE_DEFAULTS.calendarMinute,
    timezone: LEAD_SOURCE_DEFAULTS.timezone,
    selectedDays: v.selectedDays,
    startDate: v.startDate || null,
    endDate: v.endDate || null,
    specificDate: v.specificDate || null,
    talkingSchedules: v.talkingSchedules.map(
      (t): TalkingSchedule => ({ hour: toNumber(t.hour), minute: toNumber(t.minute), message: t.message }),
    ),
    ...(v.type === "airtable"
      ? { config: { apiKey: v.apiKey, baseId: v.baseId, tableId: v.tableId, viewId: v.viewId || null }, fieldMapping: v.mapping }
      : { config: null, fieldMapping: v.type === "google" ? v.mapping : null }),
  };
}

// editing: an Airtable source being edited may leave the key empty to keep the stored one.
// unbound: the chosen template's {{n}} that have no usable value source yet.
export function validateLeadSourceForm(
  values: LeadSourceFormValues,
  editing = false,
  unbound: readonly string[] = [],
): { ok: true; data: LeadSourceInput } | { ok: false; errors: LeadSourceFormErrors } {
  const input = toLeadSourceInput(values);
  const result = leadSourceSchema.safeParse(input);
  const keyMissing = values.type === "airtable" && !editing && !values.apiKey.trim();
  const variablesMissing = !!values.templateId && unbound.length > 0;
  if (result.success && !keyMissing && !variablesMissing) return { ok: true, data: input };
  const errors: LeadSourceFormErrors = keyMissing ? { "config.apiKey": LEAD_TEXTS.airtableRequired } : {};
  if (variablesMissing) errors.templateVariables = VX.missing([...unbound]);
  for (const issue of result.success ? [] : result.error.issues) {
    const path = issue.path.map(String);
    const key = path[0] === "talkingSchedules" ? path.slice(0, 3).join(".") : path[0] === "config" || path[0] === "fieldMapping" ? path.slice(0, 2).join(".") : path[0] === "calendarHour" || path[0] === "calendarMinute" ? "time" : (path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

// The validator's answer with each message on the form field that shows it: the Airtable settings
// and the mapping as typed, the variables on their field, auto-sync on its interval.
const FORM_FIELDS: Record<string, string> = { templateVariables: "variables", autoSync: "syncInterval" };

export function checkLeadSourceForm(values: LeadSourceFormValues, editing = false, unbound: readonly string[] = []): Checked<LeadSourceInput> {
  const checked = validateLeadSourceForm(values, editing, unbound);
  if (checked.ok) return { ok: true, body: checked.data };
  const errors: Record<string, string | undefined> = {};
  for (const [key, message] of Object.entries(checked.errors)) {
    const field = FORM_FIELDS[key] ?? key.replace(/^config\.(?=.)/, "").replace(/^fieldMapping\./, "mapping.");
    errors[field] ??= message;
  }
  return { ok: false, errors };
}

/** Where the server's per-field messages (top-level names) are shown in the form. */
export const LEAD_SOURCE_SERVER_FIELDS = { templateVariables: "variables", autoSync: "syncInterval", calendarHour: "time", calendarMinute: "time" } as const;

export function toggleDay(days: readonly number[], day: number): number[] {
  return days.includes(day) ? days.filter((d) => d !== day) : [...days, day];
}
