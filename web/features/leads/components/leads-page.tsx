import { CardSkeletons } from "@web/components/card-skeletons";
import { Plus, UserPlus } from "lucide-react";
import { type ReactNode, useState } from "react";
import { T } from "@shared/strings";
import { LEAD_TEXTS as TX } from "@shared/texts/leads";
import { EmptyState } from "@web/components/empty-state";
import { Button } from "@web/components/ui/button";
import { useActiveAccount } from "@web/lib/queries/get-active-account";
import { useApprovedTemplates } from "../api/get-approved-templates";
import { useLeadSources } from "../api/get-lead-sources";
import { LeadDialog } from "./lead-dialog";
import { LeadSourceCard } from "./lead-source-card";
import { LeadSourceDialog, type LeadSourceDialogState } from "./lead-source-dialog";
import { LeadsTable } from "./leads-table";
import { NoAccountState } from "@web/components/no-account-state";
import { LoadErrorState } from "@web/components/load-error-state";

// One of the page's two sections: its heading, what it holds, and its button.
function PageSection({ id, title, description, action, children }: { id: string; title: string; description: string; action: ReactNode; children: ReactNode }) {
  return (
    <section className="grid gap-4" aria-labelledby={id}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={id} className="text-lg font-semibold">
            {title}
          </h2>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}

export function LeadsPage() {
  const active = useActiveAccount();
  const activeId = active.data?.id ?? null;
  const sources = useLeadSources({ enabled: !!activeId });
  const templates = useApprovedTemplates({ enabled: !!activeId });
  const [dialog, setDialog] = useState<LeadSourceDialogState>(null);
  const [addingLead, setAddingLead] = useState(false);
  const [leadSourceId, setLeadSourceId] = useState("");
  const showLeads = (id: string) => {
    setLeadSourceId(id);
    document.getElementById("leads-heading")?.scrollIntoView?.({ behavior: "smooth", block: "start" });
  };

  if (!active.isPending && !activeId) {
    return (
      <NoAccountState title={T.noActiveAccount} icon={UserPlus} link={{ variant: "outline" }} />
    );
  }

  let sourcesBody;
  if (sources.isPending) {
    sourcesBody = <CardSkeletons count={2} cardClassName="h-48" className="md:grid-cols-2 xl:grid-cols-3" />;
  } else if (sources.isError) {
    sourcesBody = <LoadErrorState title={TX.sourcesLoadError} onRetry={sources.refetch} />;
  } else if (!sources.data || sources.data.length === 0) {
    sourcesBody = (
      <EmptyState title={TX.sourcesEmpty} icon={<UserPlus className="size-6" aria-hidden />}>
        <Button onClick={() => setDialog({ mode: "create" })}>
          <Plus aria-hidden />
          {TX.newSource}
        </Button>
      </EmptyState>
    );
  } else {
    sourcesBody = (
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" data-testid="lead-source-list">
        {sources.data.map((source) => (
          <LeadSourceCard key={source.id} source={source} onEdit={() => setDialog({ mode: "edit", source })} onShowLeads={() => showLeads(source.id)} />
        ))}
      </div>
    );
  }

  return (
    <div className="grid gap-8">
      <PageSection
        id="lead-sources-heading"
        title={TX.sourcesTitle}
        description={TX.sourcesDescription}
        action={
          sources.data && sources.data.length > 0 ? (
            <Button onClick={() => setDialog({ mode: "create" })}>
              <Plus aria-hidden />
              {TX.newSource}
            </Button>
          ) : null
        }
      >
        {sourcesBody}
      </PageSection>
      <PageSection
        id="leads-heading"
        title={TX.leadsTitle}
        description={TX.leadsDescription}
        action={
          <Button variant="outline" onClick={() => setAddingLead(true)}>
            <Plus aria-hidden />
            {TX.newLead}
          </Button>
        }
      >
        <LeadsTable sources={sources.data ?? []} enabled={!!activeId} leadSourceId={leadSourceId} onLeadSourceChange={setLeadSourceId} />
      </PageSection>
      <LeadSourceDialog state={dialog} templates={templates.data ?? []} onClose={() => setDialog(null)} />
      <LeadDialog open={addingLead} sources={sources.data ?? []} onClose={() => setAddingLead(false)} />
    </div>
  );
}
