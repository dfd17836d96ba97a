import { type LeadInput, leadInputSchema } from "@shared/schemas/lead-sources";
import { type Checked, zodFieldErrors } from "@web/components/ui/form";

export interface LeadFormValues {
  phone: string;
  name: string;
  email: string;
  company: string;
  notes: string;
  leadSourceId: string;
}

export const emptyLeadForm = (): LeadFormValues => ({ phone: "", name: "", email: "", company: "", notes: "", leadSourceId: "" });

export function validateLeadForm(v: LeadFormValues): Checked<LeadInput, keyof LeadFormValues> {
  const input: LeadInput = {
    phone: v.phone,
    name: v.name || null,
    email: v.email || null,
    company: v.company || null,
    notes: v.notes || null,
    leadSourceId: v.leadSourceId || null,
  };
  const result = leadInputSchema.safeParse(input);
  return result.success ? { ok: true, body: input } : { ok: false, errors: zodFieldErrors(result.error) };
}
