import { CardSkeletons } from "@web/components/card-skeletons";
import { List, Plus } from "lucide-react";
import { useCallback, useState } from "react";
import { type ApiList } from "@shared/schemas/lists";
import { T } from "@shared/strings";
import { LIST_TEXTS as TX } from "@shared/texts/lists";
import { CreateFirstState } from "@web/components/create-first-state";
import { LoadErrorState } from "@web/components/load-error-state";
import { Button } from "@web/components/ui/button";
import { useActiveAccount } from "@web/lib/queries/get-active-account";
import { useLists } from "../api/get-lists";
import { useImportNotifications } from "../lib/use-import-notifications";
import { CreateListDialog } from "./create-list-dialog";
import { ListCard } from "./list-card";
import { ListConfigDialog } from "./list-config-dialog";
import { ListLeadsDialog } from "./list-leads-dialog";
import { NoAccountState } from "@web/components/no-account-state";
import { BackToDashboardLink } from "@web/components/back-to-dashboard-link";

export function ListsPage() {
  const active = useActiveAccount();
  const activeId = active.data?.id ?? null;
  const { data: lists, isPending, isError, refetch } = useLists({ enabled: !!activeId });
  const [creating, setCreating] = useState(false);
  const [leadsOf, setLeadsOf] = useState<ApiList | null>(null);
  const [configuring, setConfiguring] = useState<ApiList | null>(null);
  const track = useImportNotifications(lists);
  const closeConfig = useCallback(() => setConfiguring(null), []);
  const closeLeads = useCallback(() => setLeadsOf(null), []);

  let body;
  if (active.isPending || (activeId && isPending)) {
    body = <CardSkeletons count={3} cardClassName="h-56" className="md:grid-cols-2 xl:grid-cols-3" />;
  } else if (!activeId) {
    body = <NoAccountState title={T.noActiveAccount} icon={List} link={{ variant: "outline" }} />;
  } else if (isError) {
    body = <LoadErrorState title={TX.loadError} onRetry={refetch} />;
  } else if (!lists || lists.length === 0) {
    body = <CreateFirstState title={TX.empty} icon={<List className="size-6" aria-hidden />} label={TX.createFirst} onCreate={() => setCreating(true)} />;
  } else {
    body = (
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" data-testid="list-grid">
        {lists.map((list) => (
          <ListCard key={list.id} list={list} onOpenLeads={() => setLeadsOf(list)} onConfigure={() => setConfiguring(list)} onImportStarted={track} />
        ))}
      </div>
    );
  }

  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <BackToDashboardLink label={TX.back} testId="lists-back" />
          {lists && lists.length > 0 ? <p className="text-sm text-muted-foreground">{TX.count(lists.length)}</p> : null}
        </div>
        {activeId && lists && lists.length > 0 ? (
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden />
            {TX.newList}
          </Button>
        ) : null}
      </div>
      {body}
      <CreateListDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(list) => {
          setCreating(false);
          // A new list is imported once its columns are mapped: the configuration opens next.
          setConfiguring(list);
        }}
      />
      <ListConfigDialog list={configuring} onClose={closeConfig} onImportStarted={track} />
      <ListLeadsDialog list={leadsOf} onClose={closeLeads} />
    </div>
  );
}
