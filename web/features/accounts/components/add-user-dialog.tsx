import { useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import type { TwilioAccount } from "@shared/schemas/accounts";
import { T } from "@shared/strings";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@web/components/ui/dialog";
import { dataResolver, Form, FormCheckbox, FormField, FormFooter } from "@web/components/ui/form";
import { Input } from "@web/components/ui/input";
import { parseServerError } from "@web/lib/server-error";
import { toast } from "@web/lib/toast-store";
import { useCreateUserForAccount } from "../api/create-user-for-account";
import { emptyUserForm, isEmailInUse, validateUserForm, type UserFormValues } from "../lib/user-form";

type Values = UserFormValues;

export function AddUserDialog({ account, children }: { account: TwilioAccount; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const createUser = useCreateUserForAccount();
  // The form lives inside the dialog's content, so closing the dialog discards what was typed.
  const onOpenChange = (next: boolean) => {
    if (!createUser.isPending) setOpen(next);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{children}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{T.addUserTitle(account.name)}</DialogTitle>
          <DialogDescription>{account.phoneNumber}</DialogDescription>
        </DialogHeader>
        <AddUserForm account={account} createUser={createUser} onDone={() => setOpen(false)} onCancel={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function AddUserForm({
  account,
  createUser,
  onDone,
  onCancel,
}: {
  account: TwilioAccount;
  createUser: ReturnType<typeof useCreateUserForAccount>;
  onDone: () => void;
  onCancel: () => void;
}) {
  const form = useForm<Values, unknown, Values>({ defaultValues: emptyUserForm(), resolver: dataResolver(validateUserForm) });

  const onSubmit = (data: Values) =>
    createUser.mutate(
      { ...data, twilioAccountId: account.id },
      {
        onSuccess: (user) => {
          toast({ title: T.userCreatedForAccount, description: user?.email ?? data.email, variant: "success" });
          onDone();
        },
        onError: (err) => {
          const { message } = parseServerError(err);
          if (isEmailInUse(message)) {
            form.setError("email", { type: "server", message: T.emailInUse });
            return;
          }
          toast({ title: T.userCreateErrorTitle, description: message ?? T.userCreateErrorDefault, variant: "destructive" });
        },
      },
    );

  return (
    <Form form={form} onSubmit={onSubmit}>
      <FormField<Values, "email"> name="email" label={T.loginEmail}>
        {(field) => <Input {...field} type="email" autoComplete="off" />}
      </FormField>
      <FormField<Values, "password"> name="password" label={T.loginPassword}>
        {(field) => <Input {...field} type="password" autoComplete="new-password" />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField<Values, "firstName"> name="firstName" label={T.firstNameLabel}>
          {(field) => <Input {...field} />}
        </FormField>
        <FormField<Values, "lastName"> name="lastName" label={T.lastNameLabel}>
          {(field) => <Input {...field} />}
        </FormField>
      </div>
      <FormField<Values, "profileImageUrl"> name="profileImageUrl" label={T.profileImageUrlLabel}>
        {(field) => <Input {...field} type="url" placeholder="https://" />}
      </FormField>
      <FormCheckbox<Values, "isOwner"> name="isOwner">{T.isOwnerLabel}</FormCheckbox>
      <FormFooter pending={createUser.isPending} onCancel={onCancel} submitLabel={T.createUser} />
    </Form>
  );
}
