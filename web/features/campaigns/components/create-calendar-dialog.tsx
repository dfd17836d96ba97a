import { type FormEvent, useId, useState } from "react";
import { CAMPAIGN, CAMPAIGN_UI as UI } from "@shared/schemas/campaigns";
import type { ApiList } from "@shared/schemas/lists";
import { T } from "@shared/strings";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Field } from "@web/components/ui/field";
import { Input } from "@web/components/ui/input";
import { incompleteBindings, recipientsMissingError, TemplateVariablesField } from "@web/components/template-variables-field";
import { useProviderTemplates } from "@web/lib/queries/get-provider-templates";
import { useRecipientSample } from "../api/get-recipient-sample";
import { fieldErrorsFrom } from "@web/lib/server-error";
import { toast } from "@web/lib/toast-store";
import { useCreateCalendarCampaign } from "../api/create-calendar-campaign";
import { type CalendarFormValues, emptyCalendarForm, validateCalendarForm } from "../lib/campaign-form";
import { failureToast } from "../lib/failure";
import { TargetListField } from "./target-list-field";
import { TemplateSelect } from "./template-select";

type Errors = Partial<Record<keyof CalendarFormValues, string>>;

// A one-off broadcast of a template to every lead of a list, at a date and time in Italy.
export function CreateCalendarDialog({ open, lists, onClose }: { open: boolean; lists: ApiList[]; onClose: () => void }) {
  const [values, setValues] = useState<CalendarFormValues>(() => emptyCalendarForm(new Date()));
  const [errors, setErrors] = useState<Errors>({});
  const create = useCreateCalendarCampaign();
  const id = useId();
  const { data: templates } = useProviderTemplates();
  const template = templates?.find((t) => t.sid === values.templateSid) ?? null;
  const sample = useRecipientSample(open && values.targetListId ? values.targetListId : null);

  const reset = () => {
    setValues(emptyCalendarForm(new Date()));
    setErrors({});
  };

  const close = () => {
    if (create.isPending) return;
    reset();
    onClose();
  };

  const set = <K extends keyof CalendarFormValues>(key: K, value: CalendarFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = validateCalendarForm(values, new Date(), template ? incompleteBindings(template, values.variables) : []);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    create.mutate(checked.data, {
      onSuccess: () => {
        toast({ title: UI.calendarCreated, description: checked.data.name, variant: "success" });
        reset();
        onClose();
      },
      onError: (err) => {
        setErrors({ ...fieldErrorsFrom(err), variables: recipientsMissingError(err) });
        failureToast(UI.calendarCreateError, err);
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      <DialogContent wide>
        <DialogHeader>
          <DialogTitle>{UI.createCalendarTitle}</DialogTitle>
          <DialogDescription>{UI.createCalendarDescription}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate data-testid="create-calendar-form">
          <Field label={`${UI.nameLabel} *`} htmlFor={`${id}-name`} error={errors.name}>
            <Input id={`${id}-name`} name="name" value={values.name} maxLength={CAMPAIGN.nameMax} aria-invalid={!!errors.name} onChange={(e) => set("name", e.target.value)} />
          </Field>
          <TargetListField id={`${id}-list`} lists={lists} value={values.targetListId} error={errors.targetListId} emptyText={UI.noLists} onChange={(listId) => set("targetListId", listId)} />
          <div className="grid grid-cols-2 gap-3">
            <Field label={`${UI.dateLabel} *`} htmlFor={`${id}-date`} error={errors.scheduledDate}>
              <Input id={`${id}-date`} name="scheduledDate" type="date" value={values.scheduledDate} aria-invalid={!!errors.scheduledDate} onChange={(e) => set("scheduledDate", e.target.value)} />
            </Field>
            <Field label={`${UI.timeLabel} *`} htmlFor={`${id}-time`} error={errors.scheduledTime} hint={UI.romeTime}>
              <Input id={`${id}-time`} name="scheduledTime" type="time" value={values.scheduledTime} aria-invalid={!!errors.scheduledTime} onChange={(e) => set("scheduledTime", e.target.value)} />
            </Field>
          </div>
          <Field label={`${UI.template} *`} htmlFor={`${id}-template`} error={errors.templateSid}>
            <TemplateSelect id={`${id}-template`} value={values.templateSid} invalid={!!errors.templateSid} onChange={(sid) => set("templateSid", sid)} />
          </Field>
          {template ? (
            <TemplateVariablesField
              template={template}
              bindings={values.variables}
              onChange={(variables) => set("variables", variables)}
              sources={["field", "custom", "text"]}
              preview={sample.data?.first ?? null}
              customKeys={sample.data?.customKeys}
              error={errors.variables}
            />
          ) : null}
          <DialogFooter>
            <Button variant="outline" onClick={close} disabled={create.isPending}>
              {T.cancel}
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {UI.create}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
