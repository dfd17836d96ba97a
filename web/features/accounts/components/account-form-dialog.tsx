import { useEffect, useId, useState, type FormEvent } from "react";
import { PHONE_EXAMPLE, type TwilioAccount } from "@shared/schemas/accounts";
import { PHONE_COUNTRY_OPTIONS } from "../lib/phone-countries";
import { T } from "@shared/strings";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Field, Label } from "@web/components/ui/field";
import { Checkbox, Input, NativeSelect } from "@web/components/ui/input";
import { ModelSuggestions } from "@web/components/model-suggestions";
import { Switch } from "@web/components/ui/switch";
import { fieldErrorsFrom, serverMessage } from "@web/lib/server-error";
import { toast } from "@web/lib/toast-store";
import { useCreateAccount } from "../api/create-account";
import { useUpdateAccount } from "../api/update-account";
import {
  accountFormFrom,
  emptyAccountForm,
  validateAccountForm,
  type AccountFormErrors,
  type AccountFormValues,
} from "../lib/account-form";

export type AccountDialogState = { mode: "create" } | { mode: "edit"; account: TwilioAccount } | null;

export function AccountFormDialog({ state, onClose }: { state: AccountDialogState; onClose: () => void }) {
  const editing = state?.mode === "edit" ? state.account : null;
  const [values, setValues] = useState<AccountFormValues>(emptyAccountForm);
  const [errors, setErrors] = useState<AccountFormErrors>({});
  const createMutation = useCreateAccount();
  const updateMutation = useUpdateAccount();
  const pending = createMutation.isPending || updateMutation.isPending;
  const id = useId();

  useEffect(() => {
    if (!state) return;
    setValues(state.mode === "edit" ? accountFormFrom(state.account) : emptyAccountForm());
    setErrors({});
  }, [state]);

  const set = <K extends keyof AccountFormValues>(key: K, value: AccountFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const requireToken = !editing || (editing.sandbox && !values.sandbox);
    const checked = validateAccountForm(values, { requireToken });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    const onError = (title: string) => (err: Error) => {
      setErrors(fieldErrorsFrom(err) as AccountFormErrors);
      toast({ title, description: serverMessage(err, T.invalidInput), variant: "destructive" });
    };
    if (editing) {
      updateMutation.mutate(
        { id: editing.id, input: checked.data },
        {
          onSuccess: () => {
            toast({ title: T.accountUpdated, variant: "success" });
            onClose();
          },
          onError: onError(T.accountUpdateError),
        },
      );
    } else {
      createMutation.mutate(checked.data, {
        onSuccess: () => {
          toast({ title: T.accountCreated, variant: "success" });
          onClose();
        },
        onError: onError(T.accountCreateError),
      });
    }
  };

  const describedBy = (field: keyof AccountFormValues) => (errors[field] ? `${id}-${field}-error` : undefined);

  return (
    <Dialog open={state !== null} onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent wide>
        <DialogHeader>
          <DialogTitle>{editing ? T.accountsEdit : T.accountNewTitle}</DialogTitle>
          <DialogDescription>{T.accountsSubtitle}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          <Field label={T.accountNameLabel} htmlFor={`${id}-name`} error={errors.name}>
            <Input
              id={`${id}-name`}
              name="name"
              value={values.name}
              maxLength={100}
              aria-invalid={!!errors.name}
              aria-describedby={describedBy("name")}
              onChange={(e) => set("name", e.target.value)}
            />
          </Field>

          <div className="flex items-start gap-3 rounded-lg border bg-muted/40 p-3">
            <Switch
              id={`${id}-sandbox`}
              data-testid="sandbox-switch"
              checked={values.sandbox}
              onCheckedChange={(checked) => {
                set("sandbox", checked);
                setErrors((e) => ({ ...e, accountSid: undefined, authToken: undefined }));
              }}
            />
            <div className="grid gap-1">
              <Label htmlFor={`${id}-sandbox`}>{T.sandboxLabel}</Label>
              <p className="text-xs text-muted-foreground">{T.sandboxHint}</p>
            </div>
          </div>

          {values.sandbox ? null : (
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label={T.accountSidLabel} htmlFor={`${id}-accountSid`} error={errors.accountSid}>
                <Input
                  id={`${id}-accountSid`}
                  name="accountSid"
                  value={values.accountSid}
                  autoComplete="off"
                  spellCheck={false}
                  placeholder="AC…"
                  className="font-mono"
                  aria-invalid={!!errors.accountSid}
                  aria-describedby={describedBy("accountSid")}
                  onChange={(e) => set("accountSid", e.target.value)}
                />
              </Field>
              <Field
                label={T.authTokenLabel}
                htmlFor={`${id}-authToken`}
                error={errors.authToken}
                hint={editing && !editing.sandbox ? T.authTokenKeepHint : undefined}
              >
                <Input
                  id={`${id}-authToken`}
                  name="authToken"
                  type="password"
                  autoComplete="new-password"
                  value={values.authToken}
                  placeholder={editing && !editing.sandbox ? editing.authToken : undefined}
                  aria-invalid={!!errors.authToken}
                  aria-describedby={describedBy("authToken")}
                  onChange={(e) => set("authToken", e.target.value)}
                />
              </Field>
            </div>
          )}

          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={T.phoneNumberLabel} htmlFor={`${id}-phoneNumber`} error={errors.phoneNumber}>
              <Input
                id={`${id}-phoneNumber`}
                name="phoneNumber"
                type="tel"
                inputMode="tel"
                value={values.phoneNumber}
                placeholder={PHONE_EXAMPLE}
                aria-invalid={!!errors.phoneNumber}
                aria-describedby={describedBy("phoneNumber")}
                onChange={(e) => set("phoneNumber", e.target.value)}
              />
            </Field>
            <Field label={T.phoneCountryLabel} htmlFor={`${id}-phoneCountry`} error={errors.phoneCountry}>
              <NativeSelect
                id={`${id}-phoneCountry`}
                name="phoneCountry"
                value={values.phoneCountry}
                aria-invalid={!!errors.phoneCountry}
                aria-describedby={describedBy("phoneCountry")}
                onChange={(e) => set("phoneCountry", e.target.value)}
              >
                {PHONE_COUNTRY_OPTIONS.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.label}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field label={T.gptModelLabel} htmlFor={`${id}-gptModel`} error={errors.gptModel} hint={T.modelHint}>
              <Input
                id={`${id}-gptModel`}
                name="gptModel"
                list={`${id}-models`}
                autoComplete="off"
                value={values.gptModel}
                aria-invalid={!!errors.gptModel}
                aria-describedby={describedBy("gptModel")}
                onChange={(e) => set("gptModel", e.target.value)}
              />
            </Field>
            <Field label={T.feedbackModelLabel} htmlFor={`${id}-feedbackModel`} error={errors.feedbackModel}>
              <Input
                id={`${id}-feedbackModel`}
                name="feedbackModel"
                list={`${id}-models`}
                autoComplete="off"
                value={values.feedbackModel}
                aria-invalid={!!errors.feedbackModel}
                aria-describedby={describedBy("feedbackModel")}
                onChange={(e) => set("feedbackModel", e.target.value)}
              />
            </Field>
            <ModelSuggestions id={`${id}-models`} />
          </div>

          <label className="flex items-center gap-2 text-sm">
            <Checkbox name="isDefault" checked={values.isDefault} disabled={!!editing?.isDefault} onChange={(e) => set("isDefault", e.target.checked)} />
            {T.defaultAccount}
          </label>

          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={pending}>
              {T.cancel}
            </Button>
            <Button type="submit" disabled={pending}>
              {T.save}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
