import { Phone, ShieldAlert, ShieldCheck, UserRound } from "lucide-react";
import { ADMIN_TEXTS as TX } from "@shared/texts/admin";
import { T } from "@shared/strings";
import { EmptyState } from "@web/components/empty-state";
import { FullPageSpinner } from "@web/components/full-page-spinner";
import { Button } from "@web/components/ui/button";
import { useAccounts } from "@web/lib/queries/get-accounts";
import { useMe } from "@web/lib/queries/get-me";
import { useAdminUsers } from "../api/get-users";
import { enabledAccounts, userStats } from "../lib/admin-view";
import { AdminStat } from "./admin-stat";
import { AssignAccountCard } from "./assign-account-card";
import { AuditLogCard } from "./audit-log-card";
import { CreateUserCard } from "./create-user-card";
import { UsersList } from "./users-list";

// 'Amministrazione Utenti': super admins only; anyone else gets the denial text and no calls.
export function AdminScreen() {
  const { data: me, isPending: mePending } = useMe();
  const admin = me?.role === "super_admin";
  const users = useAdminUsers({ enabled: admin });
  const accounts = useAccounts();

  if (mePending || !me) return <FullPageSpinner text={T.loading} detail={T.checkingPermissions} />;
  if (!admin) {
    return (
      <div data-testid="admin-denied">
        <EmptyState title={TX.denied} icon={<ShieldAlert className="size-6 text-destructive" aria-hidden />} />
      </div>
    );
  }
  if (users.isPending) return <FullPageSpinner />;
  if (users.isError) {
    return (
      <div data-testid="admin-load-error">
        <EmptyState title={TX.loadError} icon={<ShieldAlert className="size-6 text-destructive" aria-hidden />}>
          <Button variant="outline" onClick={() => void users.refetch()}>
            {T.retry}
          </Button>
        </EmptyState>
      </div>
    );
  }

  const list = users.data ?? [];
  const allAccounts = accounts.data ?? [];
  const stats = userStats(list, allAccounts);
  return (
    <div className="grid min-w-0 grid-cols-1 gap-6" data-testid="admin-page">
      <p className="text-sm text-muted-foreground" data-testid="admin-users-count">
        {TX.usersCount(stats.total)}
      </p>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <AdminStat testId="admin-stat-super-admins" label={TX.superAdmins} value={stats.superAdmins} icon={ShieldCheck} />
        <AdminStat testId="admin-stat-clients" label={TX.clients} value={stats.clients} icon={UserRound} />
        <AdminStat testId="admin-stat-accounts" label={TX.activeAccounts} value={stats.activeAccounts} icon={Phone} />
      </div>
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <CreateUserCard accounts={enabledAccounts(allAccounts)} />
        <AssignAccountCard users={list} accounts={allAccounts} selfId={me.id} />
      </div>
      <UsersList users={list} selfId={me.id} />
      <AuditLogCard />
    </div>
  );
}
