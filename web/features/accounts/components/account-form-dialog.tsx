import { useId } from "react";
import { useForm } from "react-hook-form";
import { PHONE_EXAMPLE, type AccountInput, type TwilioAccount } from "@shared/schemas/accounts";
import { PHONE_COUNTRY_OPTIONS } from "../lib/phone-countries";
import { ACCOUNT_TEXTS } from "@shared/texts/accounts";
import { T } from "@shared/strings";
import { FormDialog } from "@web/components/form-dialog";
import { Label } from "@web/components/ui/field";
import { dataResolver, Form, FormCheckbox, FormField, FormFooter, setServerErrors } from "@web/components/ui/form";
import { Input, ItemOptions, NativeSelect } from "@web/components/ui/input";
import { ModelSuggestions } from "@web/components/model-suggestions";
import { Switch } from "@web/components/ui/switch";
import { fieldErrorsFrom } from "@web/lib/server-error";
import { toast } from "@web/lib/toast-store";
import { useCreateAccount } from "../api/create-account";
import { useUpdateAccount } from "../api/update-account";
import { accountFormFrom, emptyAccountForm, validateAccountForm, type AccountFormValues } from "../lib/account-form";

export type AccountDialogState = { mode: "create" } | { mode: "edit"; account: TwilioAccount } | null;

type Values = AccountFormValues;

export function AccountFormDialog({ state, onClose }: { state: AccountDialogState; onClose: () => void }) {
  const editing = state?.mode === "edit" ? state.account : null;
  const createMutation = useCreateAccount();
  const updateMutation = useUpdateAccount();
  const pending = createMutation.isPending || updateMutation.isPending;

  return (
    <FormDialog open={state !== null} pending={pending} onClose={onClose} title={editing ? ACCOUNT_TEXTS.accountsEdit : ACCOUNT_TEXTS.accountNewTitle} description={ACCOUNT_TEXTS.accountsSubtitle} wide>
      <AccountForm
        key={editing?.id ?? "new"}
        editing={editing}
        pending={pending}
        onClose={onClose}
        save={(input, onError) => {
          const onSuccess = (title: string) => () => {
            toast({ title, variant: "success" });
            onClose();
          };
          if (editing) updateMutation.mutate({ id: editing.id, input }, { onSuccess: onSuccess(ACCOUNT_TEXTS.accountUpdated), onError });
          else createMutation.mutate(input, { onSuccess: onSuccess(ACCOUNT_TEXTS.accountCreated), onError });
        }}
      />
    </FormDialog>
  );
}

function AccountForm({
  editing,
  pending,
  onClose,
  save,
}: {
  editing: TwilioAccount | null;
  pending: boolean;
  onClose: () => void;
  save: (input: AccountInput, onError: (err: Error) => void) => void;
}) {
  const id = useId();
  const form = useForm<Values, unknown, AccountInput>({
    defaultValues: editing ? accountFormFrom(editing) : emptyAccountForm(),
    // A token is needed when creating, or when a sandbox becomes a real account (it has none yet).
    resolver: dataResolver((values: Values) => validateAccountForm(values, { requireToken: !editing || (editing.sandbox && !values.sandbox) })),
  });
  const sandbox = form.watch("sandbox");
  const keepsToken = !!editing && !editing.sandbox;

  // The failure toast comes from the mutation; the server's field errors show under their fields.
  const onSubmit = (input: AccountInput) => save(input, (err) => setServerErrors(form, fieldErrorsFrom(err)));

  return (
    <Form form={form} onSubmit={onSubmit}>
      <FormField<Values, "name"> name="name" label={ACCOUNT_TEXTS.accountNameLabel}>
        {(field) => <Input {...field} maxLength={100} />}
      </FormField>

      <div className="flex items-start gap-3 rounded-lg border bg-muted/40 p-3">
        <Switch
          id={`${id}-sandbox`}
          data-testid="sandbox-switch"
          checked={sandbox}
          onCheckedChange={(checked) => {
            form.setValue("sandbox", checked);
            form.clearErrors(["sandbox", "accountSid", "authToken"]);
          }}
        />
        <div className="grid gap-1">
          <Label htmlFor={`${id}-sandbox`}>{ACCOUNT_TEXTS.sandboxLabel}</Label>
          <p className="text-xs text-muted-foreground">{ACCOUNT_TEXTS.sandboxHint}</p>
        </div>
      </div>

      {sandbox ? null : (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField<Values, "accountSid"> name="accountSid" label={ACCOUNT_TEXTS.accountSidLabel}>
            {(field) => <Input {...field} autoComplete="off" spellCheck={false} placeholder="AC…" className="font-mono" />}
          </FormField>
          <FormField<Values, "authToken"> name="authToken" label={ACCOUNT_TEXTS.authTokenLabel} hint={keepsToken ? ACCOUNT_TEXTS.authTokenKeepHint : undefined}>
            {(field) => <Input {...field} type="password" autoComplete="new-password" placeholder={keepsToken ? editing.authToken : undefined} />}
          </FormField>
        </div>
      )}

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField<Values, "phoneNumber"> name="phoneNumber" label={ACCOUNT_TEXTS.phoneNumberLabel}>
          {(field) => <Input {...field} type="tel" inputMode="tel" placeholder={PHONE_EXAMPLE} />}
        </FormField>
        <FormField<Values, "phoneCountry"> name="phoneCountry" label={ACCOUNT_TEXTS.phoneCountryLabel}>
          {(field) => (
            <NativeSelect {...field}>
              <ItemOptions items={PHONE_COUNTRY_OPTIONS} value={(c) => c.code} label={(c) => c.label} />
            </NativeSelect>
          )}
        </FormField>
        <FormField<Values, "gptModel"> name="gptModel" label={ACCOUNT_TEXTS.gptModelLabel} hint={T.modelHint}>
          {(field) => <Input {...field} list={`${id}-models`} autoComplete="off" />}
        </FormField>
        <FormField<Values, "feedbackModel"> name="feedbackModel" label={ACCOUNT_TEXTS.feedbackModelLabel}>
          {(field) => <Input {...field} list={`${id}-models`} autoComplete="off" />}
        </FormField>
        <ModelSuggestions id={`${id}-models`} />
      </div>

      <FormCheckbox<Values, "isDefault"> name="isDefault" disabled={!!editing?.isDefault}>
        {T.defaultAccount}
      </FormCheckbox>

      <FormFooter pending={pending} onCancel={onClose} />
    </Form>
  );
}
