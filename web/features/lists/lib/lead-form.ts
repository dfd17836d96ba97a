import { type ListLeadInput, listLeadSchema } from "@shared/schemas/lists";

export interface LeadFormValues {
  nome: string;
  cognome: string;
  numeroTelefono: string;
  email: string;
  professione: string;
  note: string;
}

export type LeadFormErrors = Partial<Record<keyof LeadFormValues, string>>;

export const emptyLeadForm = (): LeadFormValues => ({ nome: "", cognome: "", numeroTelefono: "", email: "", professione: "", note: "" });

// The list lead form's rules (spec part 2 §5), the same schema the server applies.
export function validateLeadForm(values: LeadFormValues): { ok: true; data: ListLeadInput } | { ok: false; errors: LeadFormErrors } {
  const result = listLeadSchema.safeParse(values);
  if (result.success) return { ok: true, data: values };
  const errors: LeadFormErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof LeadFormValues | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}
