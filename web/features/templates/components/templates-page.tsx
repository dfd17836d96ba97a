import { useQueryClient } from "@tanstack/react-query";
import { CardSkeletons } from "@web/components/card-skeletons";
import { FileText, Plus } from "lucide-react";
import { useEffect, useState } from "react";
import { POLL_MS } from "@shared/constants";
import { TEMPLATE_TEXTS as TX } from "@shared/texts/templates";
import { CreateFirstState } from "@web/components/create-first-state";
import { LoadErrorState } from "@web/components/load-error-state";
import { Button } from "@web/components/ui/button";
import { useActiveAccount } from "@web/lib/queries/get-active-account";
import { queryKeys } from "@web/lib/query-keys";
import { useTemplates } from "../api/get-templates";
import { TemplateCard } from "./template-card";
import { TemplateFormDialog, type TemplateDialogState } from "./template-form-dialog";
import { NoAccountState } from "@web/components/no-account-state";

export function TemplatesPage() {
  const active = useActiveAccount({ refetchInterval: POLL_MS.activeAccount });
  const activeId = active.data?.id ?? null;
  const { data: templates, isPending, isError, refetch } = useTemplates({ enabled: !!activeId });
  const [dialog, setDialog] = useState<TemplateDialogState>(null);
  const queryClient = useQueryClient();

  // A newly approved template is offered in the start form and the prompt editor straight away.
  const approvedKey = (templates ?? [])
    .filter((t) => t.status === "approved")
    .map((t) => t.id)
    .join(",");
  useEffect(() => {
    if (approvedKey) void queryClient.invalidateQueries({ queryKey: queryKeys.twilioTemplates });
  }, [approvedKey, queryClient]);

  const create = () => setDialog({ mode: "create" });

  let body;
  if (active.isPending || (activeId && isPending)) {
    body = <CardSkeletons count={3} cardClassName="h-80" className="md:grid-cols-2 xl:grid-cols-3" />;
  } else if (!activeId) {
    body = (
      <NoAccountState title={TX.noActiveAccount} icon={FileText} link={{ variant: "outline" }} />
    );
  } else if (isError) {
    body = <LoadErrorState title={TX.loadError} onRetry={refetch} />;
  } else if (!templates || templates.length === 0) {
    body = <CreateFirstState title={TX.empty} icon={<FileText className="size-6" aria-hidden />} label={TX.createFirst} onCreate={create} />;
  } else {
    body = (
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" data-testid="template-list">
        {templates.map((template) => (
          <TemplateCard key={template.id} template={template} onEdit={() => setDialog({ mode: "edit", template })} />
        ))}
      </div>
    );
  }

  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">{templates && templates.length > 0 ? TX.count(templates.length) : TX.dialogDescription}</p>
        {activeId && templates && templates.length > 0 ? (
          <Button onClick={create}>
            <Plus aria-hidden />
            {TX.newTemplate}
          </Button>
        ) : null}
      </div>
      {body}
      <TemplateFormDialog state={dialog} activeAccountId={activeId} onClose={() => setDialog(null)} />
    </div>
  );
}
