import { type ListLeadInput, listLeadSchema } from "@shared/schemas/lists";
import { type Checked, zodFieldErrors } from "@web/components/ui/form";

export interface LeadFormValues {
  nome: string;
  cognome: string;
  numeroTelefono: string;
  email: string;
  professione: string;
  note: string;
}

export const emptyLeadForm = (): LeadFormValues => ({ nome: "", cognome: "", numeroTelefono: "", email: "", professione: "", note: "" });

// The list lead form's rules (spec part 2 §5), the same schema the server applies.
export function validateLeadForm(values: LeadFormValues): Checked<ListLeadInput, keyof LeadFormValues> {
  const result = listLeadSchema.safeParse(values);
  return result.success ? { ok: true, body: values } : { ok: false, errors: zodFieldErrors(result.error) };
}
