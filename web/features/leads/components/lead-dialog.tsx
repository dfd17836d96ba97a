import { useId, useState, type FormEvent } from "react";
import { type ApiLeadSource, LEAD_TEXTS as TX } from "@shared/schemas/lead-sources";
import { T } from "@shared/strings";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Field } from "@web/components/ui/field";
import { Input, NativeSelect } from "@web/components/ui/input";
import { serverMessage } from "@web/lib/server-error";
import { toast } from "@web/lib/toast-store";
import { useCreateLead } from "../api/create-lead";
import { emptyLeadForm, type LeadFormErrors, type LeadFormValues, validateLeadForm } from "../lib/lead-form";

// A lead typed in by hand; it goes through the same rules as one from the Lead Manager API.
export function LeadDialog({ open, sources, onClose }: { open: boolean; sources: readonly ApiLeadSource[]; onClose: () => void }) {
  const [values, setValues] = useState<LeadFormValues>(emptyLeadForm);
  const [errors, setErrors] = useState<LeadFormErrors>({});
  const create = useCreateLead();
  const id = useId();

  const close = () => {
    if (create.isPending) return;
    setValues(emptyLeadForm());
    setErrors({});
    onClose();
  };

  const set = (key: keyof LeadFormValues, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = validateLeadForm(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    create.mutate(checked.data, {
      onSuccess: (saved) => {
        toast({ title: TX.leadCreated, description: saved?.autoResponse.status === "queued" ? TX.autoResponseQueued : saved?.lead.phoneNumber, variant: "success" });
        setValues(emptyLeadForm());
        onClose();
      },
      onError: (err) => toast({ title: T.error, description: serverMessage(err, TX.leadSaveError), variant: "destructive" }),
    });
  };

  const input = (field: Exclude<keyof LeadFormValues, "leadSourceId">, label: string, props: Record<string, unknown> = {}) => (
    <Field label={label} htmlFor={`${id}-${field}`} error={errors[field]}>
      <Input
        id={`${id}-${field}`}
        name={field}
        value={values[field]}
        aria-invalid={!!errors[field]}
        aria-describedby={errors[field] ? `${id}-${field}-error` : undefined}
        onChange={(e) => set(field, e.target.value)}
        {...props}
      />
    </Field>
  );

  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{TX.leadCreateTitle}</DialogTitle>
          <DialogDescription>{TX.leadsDescription}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          {input("phone", TX.phoneLabel, { type: "tel", inputMode: "tel", placeholder: "+39 333 123 4567" })}
          {input("name", TX.nameLabel, { maxLength: 200 })}
          <div className="grid gap-4 sm:grid-cols-2">
            {input("email", TX.emailLabel, { type: "email" })}
            {input("company", TX.companyLabel, { maxLength: 200 })}
          </div>
          {input("notes", TX.notesLabel, { maxLength: 2000 })}
          <Field label={TX.sourceLabel} htmlFor={`${id}-source`} error={errors.leadSourceId}>
            <NativeSelect id={`${id}-source`} name="leadSourceId" value={values.leadSourceId} onChange={(e) => set("leadSourceId", e.target.value)}>
              <option value="">{TX.noSource}</option>
              {sources.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <DialogFooter>
            <Button variant="outline" onClick={close} disabled={create.isPending}>
              {T.cancel}
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {T.save}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
