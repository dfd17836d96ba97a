import { type LeadInput, leadInputSchema } from "@shared/schemas/lead-sources";

export interface LeadFormValues {
  phone: string;
  name: string;
  email: string;
  company: string;
  notes: string;
  leadSourceId: string;
}

export type LeadFormErrors = Partial<Record<keyof LeadFormValues, string>>;

export const emptyLeadForm = (): LeadFormValues => ({ phone: "", name: "", email: "", company: "", notes: "", leadSourceId: "" });

export function validateLeadForm(v: LeadFormValues): { ok: true; data: LeadInput } | { ok: false; errors: LeadFormErrors } {
  const input: LeadInput = {
    phone: v.phone,
    name: v.name || null,
    email: v.email || null,
    company: v.company || null,
    notes: v.notes || null,
    leadSourceId: v.leadSourceId || null,
  };
  const result = leadInputSchema.safeParse(input);
  if (result.success) return { ok: true, data: input };
  const errors: LeadFormErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof LeadFormValues | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}
