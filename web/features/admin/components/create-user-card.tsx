import { UserPlus } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { ADMIN_UI as UI } from "@shared/admin-texts";
import type { TwilioAccount } from "@shared/schemas/accounts";
import { ADMIN_TEXTS as TX } from "@shared/schemas/admin";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Field } from "@web/components/ui/field";
import { Checkbox, Input, NativeSelect } from "@web/components/ui/input";
import { parseServerError } from "@web/lib/server-error";
import { toast } from "@web/lib/toast-store";
import { useCreateUser } from "../api/create-user";
import { emptyCreateUser, isEmailInUse, validateCreateUser, type CreateUserErrors, type CreateUserValues } from "../lib/create-user-form";

export function CreateUserCard({ accounts }: { accounts: TwilioAccount[] }) {
  const id = useId();
  const [values, setValues] = useState<CreateUserValues>(emptyCreateUser);
  const [errors, setErrors] = useState<CreateUserErrors>({});
  const createUser = useCreateUser({
    onSuccess: (user) => {
      toast({ title: TX.created, description: user?.email, variant: "success" });
      setValues(emptyCreateUser());
      setErrors({});
    },
    onError: (err) => {
      const { message } = parseServerError(err);
      if (isEmailInUse(message)) {
        setErrors((e) => ({ ...e, email: TX.emailInUse }));
        return;
      }
      toast({ title: TX.createErrorTitle, description: message ?? TX.createErrorDefault, variant: "destructive" });
    },
  });

  const set = <K extends keyof CreateUserValues>(key: K, value: CreateUserValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (key === "email" || key === "password") setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = validateCreateUser(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    createUser.mutate(checked.data);
  };

  const described = (field: keyof CreateUserErrors) => (errors[field] ? `${id}-${field}-error` : undefined);

  return (
    <Card className="min-w-0" data-testid="create-user-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <UserPlus className="size-4 text-primary" aria-hidden />
          {UI.createTitle}
        </CardTitle>
        <CardDescription>{UI.createDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid grid-cols-1 gap-4" onSubmit={onSubmit} noValidate data-testid="create-user-form">
          <Field label={UI.emailLabel} htmlFor={`${id}-email`} error={errors.email}>
            <Input
              id={`${id}-email`}
              name="email"
              type="email"
              autoComplete="off"
              placeholder={UI.emailPlaceholder}
              value={values.email}
              aria-invalid={!!errors.email}
              aria-describedby={described("email")}
              onChange={(e) => set("email", e.target.value)}
              data-testid="create-user-email"
            />
          </Field>
          <Field label={UI.passwordLabel} htmlFor={`${id}-password`} error={errors.password} hint={UI.passwordHint}>
            <Input
              id={`${id}-password`}
              name="password"
              type="password"
              autoComplete="new-password"
              value={values.password}
              aria-invalid={!!errors.password}
              aria-describedby={described("password")}
              onChange={(e) => set("password", e.target.value)}
              data-testid="create-user-password"
            />
          </Field>
          <Field label={UI.accountLabel} htmlFor={`${id}-account`}>
            <NativeSelect
              id={`${id}-account`}
              name="twilioAccountId"
              value={values.twilioAccountId}
              onChange={(e) => set("twilioAccountId", e.target.value)}
              data-testid="create-user-account"
            >
              <option value="">{UI.noAccount}</option>
              {accounts.map((a) => (
                <option key={a.id} value={a.id}>
                  {`${a.name} · ${a.phoneNumber}`}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <label className="flex items-start gap-2 text-sm has-[:disabled]:opacity-60">
            <Checkbox
              name="isOwner"
              className="mt-0.5"
              checked={values.isOwner && !!values.twilioAccountId}
              disabled={!values.twilioAccountId}
              onChange={(e) => set("isOwner", e.target.checked)}
              data-testid="create-user-owner"
            />
            <span>
              {UI.ownerLabel}
              <span className="block text-xs text-muted-foreground">{UI.ownerHint}</span>
            </span>
          </label>
          <Button type="submit" disabled={createUser.isPending} data-testid="create-user-submit" className="justify-self-start">
            <UserPlus aria-hidden />
            {createUser.isPending ? UI.creating : UI.createSubmit}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
