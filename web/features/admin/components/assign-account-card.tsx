import { Link2 } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { ADMIN_UI as UI } from "@shared/admin-texts";
import type { TwilioAccount } from "@shared/schemas/accounts";
import { ADMIN_TEXTS as TX, type AdminUser } from "@shared/schemas/admin";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Field } from "@web/components/ui/field";
import { Checkbox, NativeSelect } from "@web/components/ui/input";
import { serverMessage } from "@web/lib/server-error";
import { toast } from "@web/lib/toast-store";
import { useAssignAccount } from "../api/assign-account";

export function AssignAccountCard({ users, accounts, selfId }: { users: AdminUser[]; accounts: TwilioAccount[]; selfId: string }) {
  const id = useId();
  const [userId, setUserId] = useState("");
  const [accountId, setAccountId] = useState("");
  const [isOwner, setIsOwner] = useState(false);
  const assign = useAssignAccount({
    selfId,
    onSuccess: () => {
      toast({ title: TX.assigned, variant: "success" });
      setUserId("");
      setAccountId("");
      setIsOwner(false);
    },
    onError: (err) => toast({ title: TX.assignErrorTitle, description: serverMessage(err, TX.assignErrorDefault), variant: "destructive" }),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!userId || !accountId) return;
    assign.mutate({ userId, twilioAccountId: accountId, isOwner });
  };

  return (
    <Card className="min-w-0" data-testid="assign-account-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Link2 className="size-4 text-primary" aria-hidden />
          {UI.assignTitle}
        </CardTitle>
        <CardDescription>{UI.assignDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid grid-cols-1 gap-4" onSubmit={onSubmit} data-testid="assign-form">
          <Field label={UI.userLabel} htmlFor={`${id}-user`}>
            <NativeSelect id={`${id}-user`} value={userId} onChange={(e) => setUserId(e.target.value)} data-testid="assign-user">
              <option value="">{UI.selectUser}</option>
              {users.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.email}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label={UI.assignAccountLabel} htmlFor={`${id}-account`}>
            <NativeSelect id={`${id}-account`} value={accountId} onChange={(e) => setAccountId(e.target.value)} data-testid="assign-account">
              <option value="">{UI.selectAccount}</option>
              {accounts.map((a) => (
                <option key={a.id} value={a.id}>
                  {`${a.name} · ${a.phoneNumber}${a.enabled ? "" : ` (${UI.accountDisabled})`}`}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <label className="flex items-start gap-2 text-sm">
            <Checkbox className="mt-0.5" checked={isOwner} onChange={(e) => setIsOwner(e.target.checked)} data-testid="assign-owner" />
            <span>
              {UI.ownerLabel}
              <span className="block text-xs text-muted-foreground">{UI.ownerHint}</span>
            </span>
          </label>
          <Button type="submit" disabled={!userId || !accountId || assign.isPending} data-testid="assign-submit" className="justify-self-start">
            <Link2 aria-hidden />
            {assign.isPending ? UI.assigning : UI.assignSubmit}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
