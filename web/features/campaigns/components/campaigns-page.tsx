import { CalendarClock, Megaphone, Plus } from "lucide-react";
import { useId, useState } from "react";
import { POLL_MS } from "@shared/constants";
import { type CampaignType } from "@shared/schemas/campaigns";
import { CAMPAIGN_TEXTS as TX } from "@shared/texts/campaigns";
import { T } from "@shared/strings";
import { BackToDashboardLink } from "@web/components/back-to-dashboard-link";
import { EmptyState } from "@web/components/empty-state";
import { LoadErrorState } from "@web/components/load-error-state";
import { NoAccountState } from "@web/components/no-account-state";
import { Button } from "@web/components/ui/button";
import { Spinner } from "@web/components/ui/spinner";
import { cn } from "@web/lib/cn";
import { useActiveAccount } from "@web/lib/queries/get-active-account";
import { useCampaigns } from "../api/get-campaigns";
import { useTargetLists } from "../api/get-target-lists";
import { CalendarCampaignCard } from "./calendar-campaign-card";
import { CreateCalendarDialog } from "./create-calendar-dialog";
import { CreateDynamicDialog } from "./create-dynamic-dialog";
import { DynamicCampaignCard } from "./dynamic-campaign-card";
import { useTemplateNames } from "./template-select";

const TABS: { type: CampaignType; label: string }[] = [
  { type: "dynamic", label: TX.tabDynamic },
  { type: "calendar", label: TX.tabCalendar },
];

export function CampaignsPage() {
  // The campaigns belong to the active account, which may be switched from another tab.
  const active = useActiveAccount({ refetchInterval: POLL_MS.activeAccount });
  const activeId = active.data?.id ?? null;
  const campaigns = useCampaigns(activeId);
  const lists = useTargetLists(!!activeId);
  const templateName = useTemplateNames();
  const [tab, setTab] = useState<CampaignType>("dynamic");
  const [creating, setCreating] = useState<CampaignType | null>(null);
  const id = useId();

  const shown = (campaigns.data ?? []).filter((c) => c.campaignType === tab);
  const createLabel = tab === "dynamic" ? TX.createDynamic : TX.createCalendar;
  const createButton = (
    <Button onClick={() => setCreating(tab)} data-testid="create-campaign">
      <Plus aria-hidden />
      {createLabel}
    </Button>
  );

  let body;
  if (active.isPending || (activeId && campaigns.isPending)) {
    body = (
      <p className="flex items-center justify-center gap-2 rounded-xl border border-dashed px-6 py-14 text-sm text-muted-foreground" aria-busy="true">
        <Spinner /> {TX.loading}
      </p>
    );
  } else if (!activeId) {
    body = <NoAccountState title={T.noActiveAccount} icon={Megaphone} link={{ variant: "outline" }} />;
  } else if (campaigns.isError) {
    body = <LoadErrorState title={TX.loadError} onRetry={campaigns.refetch} />;
  } else if (shown.length === 0) {
    body = (
      <EmptyState
        title={tab === "dynamic" ? TX.emptyDynamic : TX.emptyCalendar}
        icon={tab === "dynamic" ? <Megaphone className="size-6" aria-hidden /> : <CalendarClock className="size-6" aria-hidden />}
      >
        {createButton}
      </EmptyState>
    );
  } else if (tab === "dynamic") {
    body = (
      <div className="grid gap-4" data-testid="dynamic-campaigns">
        {shown.map((c) => (
          <DynamicCampaignCard key={c.id} campaign={c} templateName={templateName(c.templateSid)} />
        ))}
      </div>
    );
  } else {
    body = (
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" data-testid="calendar-campaigns">
        {shown.map((c) => (
          <CalendarCampaignCard key={c.id} campaign={c} templateName={templateName(c.templateSid)} />
        ))}
      </div>
    );
  }

  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <BackToDashboardLink label={TX.back} testId="campaigns-back" />
          {/* The top bar names the page; on a phone it is cut short by the account selector. */}
          <h2 className="text-lg font-semibold md:hidden">{TX.title}</h2>
        </div>
        {activeId && shown.length > 0 ? createButton : null}
      </div>
      <div role="tablist" aria-label={TX.tabsLabel} className="inline-flex w-full rounded-lg border bg-muted/40 p-0.5 sm:w-auto sm:justify-self-start">
        {TABS.map((t) => (
          <button
            key={t.type}
            type="button"
            role="tab"
            id={`${id}-tab-${t.type}`}
            aria-selected={tab === t.type}
            aria-controls={`${id}-panel`}
            onClick={() => setTab(t.type)}
            className={cn(
              "flex-1 rounded-md px-4 py-1.5 text-sm font-semibold tracking-wide transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:flex-none",
              tab === t.type ? "bg-background text-foreground shadow-sm" : "text-muted-foreground hover:text-foreground",
            )}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tab}`}>
        {body}
      </div>
      {activeId ? (
        <>
          <CreateDynamicDialog open={creating === "dynamic"} lists={lists.data ?? []} twilioAccountId={activeId} onClose={() => setCreating(null)} />
          <CreateCalendarDialog open={creating === "calendar"} lists={lists.data ?? []} onClose={() => setCreating(null)} />
        </>
      ) : null}
    </div>
  );
}
