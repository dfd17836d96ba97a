import { useForm } from "react-hook-form";
import { type ApiLeadSource, type LeadInput } from "@shared/schemas/lead-sources";
import { LEAD_TEXTS as TX } from "@shared/texts/leads";
import { FormDialog } from "@web/components/form-dialog";
import { Form, FormFooter, FormField, FormSelect, validatorResolver } from "@web/components/ui/form";
import { Input } from "@web/components/ui/input";
import { toast } from "@web/lib/toast-store";
import { useCreateLead } from "../api/create-lead";
import { emptyLeadForm, type LeadFormValues, validateLeadForm } from "../lib/lead-form";

type Values = LeadFormValues;

function LeadForm({ sources, create, onClose }: { sources: readonly ApiLeadSource[]; create: ReturnType<typeof useCreateLead>; onClose: () => void }) {
  const form = useForm<Values, unknown, LeadInput>({ defaultValues: emptyLeadForm(), resolver: validatorResolver(validateLeadForm) });
  const onSubmit = (body: LeadInput) =>
    create.mutate(body, {
      onSuccess: (saved) => {
        toast({ title: TX.leadCreated, description: saved?.autoResponse.status === "queued" ? TX.autoResponseQueued : saved?.lead.phoneNumber, variant: "success" });
        onClose();
      },
    });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <FormField<Values, "phone"> name="phone" label={TX.phoneLabel}>
        {(field) => <Input {...field} type="tel" inputMode="tel" placeholder="+39 333 123 4567" />}
      </FormField>
      <FormField<Values, "name"> name="name" label={TX.nameLabel}>
        {(field) => <Input {...field} maxLength={200} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField<Values, "email"> name="email" label={TX.emailLabel}>
          {(field) => <Input {...field} type="email" />}
        </FormField>
        <FormField<Values, "company"> name="company" label={TX.companyLabel}>
          {(field) => <Input {...field} maxLength={200} />}
        </FormField>
      </div>
      <FormField<Values, "notes"> name="notes" label={TX.notesLabel}>
        {(field) => <Input {...field} maxLength={2000} />}
      </FormField>
      <FormSelect<Values, "leadSourceId", string>
        name="leadSourceId"
        label={TX.sourceLabel}
        emptyLabel={TX.noSource}
        options={sources.map((s) => s.id)}
        optionLabel={(id) => sources.find((s) => s.id === id)?.name}
      />
      <FormFooter onCancel={onClose} pending={create.isPending} />
    </Form>
  );
}

// A lead typed in by hand; it goes through the same rules as one from the Lead Manager API.
export function LeadDialog({ open, sources, onClose }: { open: boolean; sources: readonly ApiLeadSource[]; onClose: () => void }) {
  const create = useCreateLead();
  return (
    <FormDialog open={open} pending={create.isPending} onClose={onClose} title={TX.leadCreateTitle} description={TX.leadsDescription}>
      <LeadForm sources={sources} create={create} onClose={onClose} />
    </FormDialog>
  );
}
