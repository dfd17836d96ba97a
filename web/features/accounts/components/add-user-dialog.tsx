import { useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import type { TwilioAccount } from "@shared/schemas/accounts";
import { ACCOUNT_TEXTS } from "@shared/texts/accounts";
import { T } from "@shared/strings";
import { FormDialog } from "@web/components/form-dialog";
import { dataResolver, Form, FormCheckbox, FormField, FormFooter } from "@web/components/ui/form";
import { Input } from "@web/components/ui/input";
import { toast } from "@web/lib/toast-store";
import { showUserCreateError } from "@web/lib/user-create-error";
import { useCreateUserForAccount } from "../api/create-user-for-account";
import { emptyUserForm, validateUserForm, type UserFormValues } from "../lib/user-form";

type Values = UserFormValues;

const CREATE_ERROR_TEXTS = { emailInUse: T.emailInUse, title: ACCOUNT_TEXTS.userCreateErrorTitle, fallback: ACCOUNT_TEXTS.userCreateErrorDefault };

export function AddUserDialog({ account, children }: { account: TwilioAccount; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const createUser = useCreateUserForAccount();
  // The form lives inside the dialog, so closing it discards what was typed.
  const close = () => setOpen(false);

  return (
    <FormDialog
      open={open}
      pending={createUser.isPending}
      onOpen={() => setOpen(true)}
      onClose={close}
      trigger={children}
      title={ACCOUNT_TEXTS.addUserTitle(account.name)}
      description={account.phoneNumber}
    >
      <AddUserForm account={account} createUser={createUser} onDone={close} />
    </FormDialog>
  );
}

function AddUserForm({
  account,
  createUser,
  onDone,
}: {
  account: TwilioAccount;
  createUser: ReturnType<typeof useCreateUserForAccount>;
  onDone: () => void;
}) {
  const form = useForm<Values, unknown, Values>({ defaultValues: emptyUserForm(), resolver: dataResolver(validateUserForm) });

  const onSubmit = (data: Values) =>
    createUser.mutate(
      { ...data, twilioAccountId: account.id },
      {
        onSuccess: (user) => {
          toast({ title: ACCOUNT_TEXTS.userCreatedForAccount, description: user?.email ?? data.email, variant: "success" });
          onDone();
        },
        onError: (err) => showUserCreateError(err, (message) => form.setError("email", { type: "server", message }), CREATE_ERROR_TEXTS),
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
        <FormField<Values, "firstName"> name="firstName" label={ACCOUNT_TEXTS.firstNameLabel}>
          {(field) => <Input {...field} />}
        </FormField>
        <FormField<Values, "lastName"> name="lastName" label={ACCOUNT_TEXTS.lastNameLabel}>
          {(field) => <Input {...field} />}
        </FormField>
      </div>
      <FormField<Values, "profileImageUrl"> name="profileImageUrl" label={ACCOUNT_TEXTS.profileImageUrlLabel}>
        {(field) => <Input {...field} type="url" placeholder="https://" />}
      </FormField>
      <FormCheckbox<Values, "isOwner"> name="isOwner">{ACCOUNT_TEXTS.isOwnerLabel}</FormCheckbox>
      <FormFooter pending={createUser.isPending} onCancel={onDone} submitLabel={ACCOUNT_TEXTS.createUser} />
    </Form>
  );
}
