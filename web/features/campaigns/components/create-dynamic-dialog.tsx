import { type FormEvent, useId, useState } from "react";
import { CAMPAIGN, CAMPAIGN_TEXTS as TX, CAMPAIGN_UI as UI } from "@shared/schemas/campaigns";
import type { ApiList } from "@shared/schemas/lists";
import { T } from "@shared/strings";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Field } from "@web/components/ui/field";
import { Input, NativeSelect } from "@web/components/ui/input";
import { fieldErrorsFrom } from "@web/lib/server-error";
import { toast } from "@web/lib/toast-store";
import { useCreateDynamicCampaign } from "../api/create-dynamic-campaign";
import { type DynamicFormValues, emptyDynamicForm, validateDynamicForm } from "../lib/campaign-form";
import { failureToast } from "../lib/failure";
import { clockText } from "../lib/format";
import { TargetListField } from "./target-list-field";
import { TemplateSelect } from "./template-select";

type Errors = Partial<Record<keyof DynamicFormValues, string>>;

export function CreateDynamicDialog({ open, lists, twilioAccountId, onClose }: { open: boolean; lists: ApiList[]; twilioAccountId: string; onClose: () => void }) {
  const [values, setValues] = useState<DynamicFormValues>(emptyDynamicForm);
  const [errors, setErrors] = useState<Errors>({});
  const create = useCreateDynamicCampaign();
  const id = useId();
  // Dynamic campaigns follow leads as they enter a list: only dynamic lists can feed one.
  const dynamicLists = lists.filter((l) => l.listType === "dynamic");

  const close = () => {
    if (create.isPending) return;
    setValues(emptyDynamicForm());
    setErrors({});
    onClose();
  };

  const set = <K extends keyof DynamicFormValues>(key: K, value: DynamicFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = validateDynamicForm(values, twilioAccountId);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    create.mutate(checked.data, {
      onSuccess: () => {
        toast({ title: TX.created, description: checked.data.name, variant: "success" });
        setValues(emptyDynamicForm());
        setErrors({});
        onClose();
      },
      onError: (err) => {
        setErrors(fieldErrorsFrom(err));
        failureToast(TX.createError, err);
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      <DialogContent wide>
        <DialogHeader>
          <DialogTitle>{UI.createDynamicTitle}</DialogTitle>
          <DialogDescription>{UI.createDynamicDescription}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate data-testid="create-dynamic-form">
          <Field label={`${UI.nameLabel} *`} htmlFor={`${id}-name`} error={errors.name}>
            <Input id={`${id}-name`} name="name" value={values.name} maxLength={CAMPAIGN.nameMax} aria-invalid={!!errors.name} onChange={(e) => set("name", e.target.value)} />
          </Field>
          <TargetListField
            id={`${id}-list`}
            lists={dynamicLists}
            value={values.targetListId}
            error={errors.targetListId}
            hint={dynamicLists.length > 0 ? UI.dynamicListsHint : undefined}
            emptyText={UI.noDynamicLists}
            emptyTestId="no-dynamic-lists"
            onChange={(listId) => set("targetListId", listId)}
          />
          <Field label={`${UI.template} *`} htmlFor={`${id}-template`} error={errors.templateSid}>
            <TemplateSelect id={`${id}-template`} value={values.templateSid} invalid={!!errors.templateSid} onChange={(sid) => set("templateSid", sid)} />
          </Field>
          <fieldset className="grid gap-2 rounded-lg border bg-muted/30 p-3">
            <div className="grid grid-cols-[minmax(0,1fr)_7rem] gap-3">
              <Field label={UI.preferredHourLabel} htmlFor={`${id}-hour`} error={errors.preferredHour}>
                <NativeSelect id={`${id}-hour`} name="preferredHour" value={values.preferredHour} onChange={(e) => set("preferredHour", e.target.value)}>
                  <option value="">{UI.noPreferredHour}</option>
                  {CAMPAIGN.preferredHours.map((h) => (
                    <option key={h} value={h}>
                      {clockText(h, 0)}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
              <Field label={UI.preferredMinuteLabel} htmlFor={`${id}-minute`} error={errors.preferredMinute}>
                <NativeSelect id={`${id}-minute`} name="preferredMinute" value={values.preferredMinute} onChange={(e) => set("preferredMinute", e.target.value)}>
                  {CAMPAIGN.preferredMinutes.map((m) => (
                    <option key={m} value={m}>
                      {String(m).padStart(2, "0")}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
            </div>
            <p className="text-xs text-muted-foreground">{UI.preferredHint}</p>
          </fieldset>
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
