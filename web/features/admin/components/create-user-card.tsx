import { UserPlus } from "lucide-react";
import { useForm } from "react-hook-form";
import type { TwilioAccount } from "@shared/schemas/accounts";
import { ADMIN_TEXTS as TX } from "@shared/texts/admin";
import { Button } from "@web/components/ui/button";
import { dataResolver, Form, FormField } from "@web/components/ui/form";
import { Input, ItemOptions, NativeSelect } from "@web/components/ui/input";
import { toast } from "@web/lib/toast-store";
import { showUserCreateError } from "@web/lib/user-create-error";
import { useCreateUser, type NewUser } from "../api/create-user";
import { OwnerCheckbox } from "./owner-checkbox";
import { accountOptionLabel } from "../lib/admin-view";
import { emptyCreateUser, validateCreateUser, type CreateUserValues } from "../lib/create-user-form";
import { AdminCard } from "./admin-card";
import { T } from "@shared/strings";

type Values = CreateUserValues;

const CREATE_ERROR_TEXTS = { emailInUse: T.emailInUse, title: TX.createErrorTitle, fallback: TX.createErrorDefault };

export function CreateUserCard({ accounts }: { accounts: TwilioAccount[] }) {
  const form = useForm<Values, unknown, NewUser>({ defaultValues: emptyCreateUser(), resolver: dataResolver(validateCreateUser) });
  const twilioAccountId = form.watch("twilioAccountId");
  const isOwner = form.watch("isOwner");
  const createUser = useCreateUser({
    onSuccess: (user) => {
      toast({ title: TX.created, description: user?.email, variant: "success" });
      form.reset(emptyCreateUser());
    },
    onError: (err) => showUserCreateError(err, (message) => form.setError("email", { type: "server", message }), CREATE_ERROR_TEXTS),
  });

  return (
    <AdminCard icon={UserPlus} title={TX.createTitle} description={TX.createDescription} testId="create-user-card">
      <Form form={form} onSubmit={(user) => createUser.mutate(user)} className="grid-cols-1" data-testid="create-user-form">
        <FormField<Values, "email"> name="email" label={T.loginEmail}>
          {(field) => <Input {...field} type="email" autoComplete="off" placeholder={T.emailPlaceholder} data-testid="create-user-email" />}
        </FormField>
        <FormField<Values, "password"> name="password" label={T.loginPassword} hint={TX.passwordHint}>
          {(field) => <Input {...field} type="password" autoComplete="new-password" data-testid="create-user-password" />}
        </FormField>
        <FormField<Values, "twilioAccountId"> name="twilioAccountId" label={TX.accountLabel}>
          {(field) => (
            <NativeSelect {...field} data-testid="create-user-account">
              <option value="">{TX.noAccount}</option>
              <ItemOptions items={accounts} value={(a) => a.id} label={accountOptionLabel} />
            </NativeSelect>
          )}
        </FormField>
        {/* Ownership needs an account: without one the box is off and cannot be ticked. */}
        <OwnerCheckbox checked={isOwner && !!twilioAccountId} disabled={!twilioAccountId} testId="create-user-owner" />
        <Button type="submit" disabled={createUser.isPending} data-testid="create-user-submit" className="justify-self-start">
          <UserPlus aria-hidden />
          {createUser.isPending ? TX.creating : TX.createSubmit}
        </Button>
      </Form>
    </AdminCard>
  );
}
