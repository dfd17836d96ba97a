import { useId, useState, type FormEvent, type ReactNode } from "react";
import type { TwilioAccount } from "@shared/schemas/accounts";
import { T } from "@shared/strings";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@web/components/ui/dialog";
import { Field } from "@web/components/ui/field";
import { Checkbox, Input } from "@web/components/ui/input";
import { parseServerError } from "@web/lib/server-error";
import { toast } from "@web/lib/toast-store";
import { useCreateUserForAccount } from "../api/create-user-for-account";
import { emptyUserForm, isEmailInUse, validateUserForm, type UserFormErrors, type UserFormValues } from "../lib/user-form";

export function AddUserDialog({ account, children }: { account: TwilioAccount; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<UserFormValues>(emptyUserForm);
  const [errors, setErrors] = useState<UserFormErrors>({});
  const createUser = useCreateUserForAccount();
  const id = useId();

  const onOpenChange = (next: boolean) => {
    if (createUser.isPending) return;
    setOpen(next);
    if (!next) {
      setValues(emptyUserForm());
      setErrors({});
    }
  };

  const set = <K extends keyof UserFormValues>(key: K, value: UserFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = validateUserForm(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    createUser.mutate(
      { ...checked.data, twilioAccountId: account.id },
      {
        onSuccess: (user) => {
          toast({ title: T.userCreatedForAccount, description: user?.email ?? checked.data.email, variant: "success" });
          setOpen(false);
          setValues(emptyUserForm());
        },
        onError: (err) => {
          const { message } = parseServerError(err);
          if (isEmailInUse(message)) {
            setErrors((e) => ({ ...e, email: T.emailInUse }));
            return;
          }
          toast({ title: T.userCreateErrorTitle, description: message ?? T.userCreateErrorDefault, variant: "destructive" });
        },
      },
    );
  };

  const input = (field: Exclude<keyof UserFormValues, "isOwner">, label: string, props: Record<string, unknown> = {}) => (
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
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{children}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{T.addUserTitle(account.name)}</DialogTitle>
          <DialogDescription>{account.phoneNumber}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          {input("email", T.loginEmail, { type: "email", autoComplete: "off" })}
          {input("password", T.loginPassword, { type: "password", autoComplete: "new-password" })}
          <div className="grid gap-4 sm:grid-cols-2">
            {input("firstName", T.firstNameLabel)}
            {input("lastName", T.lastNameLabel)}
          </div>
          {input("profileImageUrl", T.profileImageUrlLabel, { type: "url", placeholder: "https://" })}
          <label className="flex items-center gap-2 text-sm">
            <Checkbox name="isOwner" checked={values.isOwner} onChange={(e) => set("isOwner", e.target.checked)} />
            {T.isOwnerLabel}
          </label>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={createUser.isPending}>
              {T.cancel}
            </Button>
            <Button type="submit" disabled={createUser.isPending}>
              {T.createUser}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
