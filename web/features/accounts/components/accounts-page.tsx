import { Phone, Plus } from "lucide-react";
import { CardSkeletons } from "@web/components/card-skeletons";
import { useState } from "react";
import { ACCOUNT_TEXTS } from "@shared/texts/accounts";
import { T } from "@shared/strings";
import { EmptyState } from "@web/components/empty-state";
import { LoadErrorState } from "@web/components/load-error-state";
import { Button } from "@web/components/ui/button";
import { useAccounts } from "@web/lib/queries/get-accounts";
import { useMe } from "@web/lib/queries/get-me";
import { AccountCard } from "./account-card";
import { AccountFormDialog, type AccountDialogState } from "./account-form-dialog";

export function AccountsPage() {
  const { data: accounts, isPending, isError, refetch } = useAccounts();
  const { data: me } = useMe();
  const [dialog, setDialog] = useState<AccountDialogState>(null);
  const isAdmin = me?.role === "super_admin";

  let body;
  if (isPending) {
    body = <CardSkeletons count={3} cardClassName="h-64" className="md:grid-cols-2 xl:grid-cols-3" />;
  } else if (isError) {
    body = <LoadErrorState title={ACCOUNT_TEXTS.accountsLoadError} onRetry={refetch} />;
  } else if (!accounts || accounts.length === 0) {
    body = (
      <EmptyState title={T.accountsEmpty} icon={<Phone className="size-6" aria-hidden />}>
        <Button onClick={() => setDialog({ mode: "create" })}>
          <Plus aria-hidden />
          {ACCOUNT_TEXTS.accountsAddFirst}
        </Button>
      </EmptyState>
    );
  } else {
    body = (
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {accounts.map((account) => (
          <AccountCard
            key={account.id}
            account={account}
            canManage={isAdmin || account.isOwner}
            onEdit={() => setDialog({ mode: "edit", account })}
          />
        ))}
      </div>
    );
  }

  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">{accounts && accounts.length > 0 ? ACCOUNT_TEXTS.accountsCount(accounts.length) : ACCOUNT_TEXTS.accountsSubtitle}</p>
        {accounts && accounts.length > 0 ? (
          <Button onClick={() => setDialog({ mode: "create" })}>
            <Plus aria-hidden />
            {ACCOUNT_TEXTS.accountsAdd}
          </Button>
        ) : null}
      </div>
      {body}
      <AccountFormDialog state={dialog} onClose={() => setDialog(null)} />
    </div>
  );
}
