import { Link2 } from "lucide-react";
import { useForm } from "react-hook-form";
import type { TwilioAccount } from "@shared/schemas/accounts";
import { ADMIN_TEXTS as TX } from "@shared/texts/admin";
import { type AdminUser } from "@shared/schemas/admin";
import { Button } from "@web/components/ui/button";
import { Form, FormField } from "@web/components/ui/form";
import { ItemOptions, NativeSelect } from "@web/components/ui/input";
import { toast } from "@web/lib/toast-store";
import { useAssignAccount } from "../api/assign-account";
import { accountOptionLabel } from "../lib/admin-view";
import { OwnerCheckbox } from "./owner-checkbox";
import { AdminCard } from "./admin-card";

interface Values {
  userId: string;
  accountId: string;
  isOwner: boolean;
}

const EMPTY: Values = { userId: "", accountId: "", isOwner: false };

export function AssignAccountCard({ users, accounts, selfId }: { users: AdminUser[]; accounts: TwilioAccount[]; selfId: string }) {
  const form = useForm<Values>({ defaultValues: EMPTY });
  const [userId, accountId] = form.watch(["userId", "accountId"]);
  const assign = useAssignAccount({
    selfId,
    onSuccess: () => {
      toast({ title: TX.assigned, variant: "success" });
      form.reset(EMPTY);
    },
  });

  // The button waits for a user and an account, so there is nothing else to check.
  const onSubmit = (values: Values) => {
    if (values.userId && values.accountId) assign.mutate({ userId: values.userId, twilioAccountId: values.accountId, isOwner: values.isOwner });
  };

  return (
    <AdminCard icon={Link2} title={TX.assignTitle} description={TX.assignDescription} testId="assign-account-card">
      <Form form={form} onSubmit={onSubmit} className="grid-cols-1" data-testid="assign-form">
        <FormField<Values, "userId"> name="userId" label={TX.userLabel}>
          {(field) => (
            <NativeSelect {...field} data-testid="assign-user">
              <option value="">{TX.selectUser}</option>
              <ItemOptions items={users} value={(u) => u.id} label={(u) => u.email} />
            </NativeSelect>
          )}
        </FormField>
        <FormField<Values, "accountId"> name="accountId" label={TX.assignAccountLabel}>
          {(field) => (
            <NativeSelect {...field} data-testid="assign-account">
              <option value="">{TX.selectAccount}</option>
              <ItemOptions items={accounts} value={(a) => a.id} label={accountOptionLabel} />
            </NativeSelect>
          )}
        </FormField>
        <OwnerCheckbox testId="assign-owner" />
        <Button type="submit" disabled={!userId || !accountId || assign.isPending} data-testid="assign-submit" className="justify-self-start">
          <Link2 aria-hidden />
          {assign.isPending ? TX.assigning : TX.assignSubmit}
        </Button>
      </Form>
    </AdminCard>
  );
}
