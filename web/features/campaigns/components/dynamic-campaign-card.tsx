import { ChevronDown, ListFilter, Megaphone } from "lucide-react";
import { useId, useState } from "react";
import { type ApiCampaign, CAMPAIGN_UI as UI } from "@shared/schemas/campaigns";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardFooter, CardTitle } from "@web/components/ui/card";
import { cn } from "@web/lib/cn";
import { clockText } from "../lib/format";
import { CampaignCounts } from "./campaign-counts";
import { CampaignStatusSwitch } from "./campaign-status-switch";
import { DeleteCampaignButton } from "./delete-campaign-button";
import { FunnelPanel } from "./funnel-panel";

export function DynamicCampaignCard({ campaign, templateName }: { campaign: ApiCampaign; templateName: string | null }) {
  const [expanded, setExpanded] = useState(false);
  const panelId = useId();
  return (
    <Card data-testid="campaign-card" data-campaign-id={campaign.id} className="min-w-0 overflow-hidden">
      <div className="flex flex-wrap items-start gap-3 p-4 pb-3 sm:p-5 sm:pb-3">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/15 text-primary">
          <Megaphone className="size-5" aria-hidden />
        </span>
        <div className="grid min-w-0 flex-1 basis-48 gap-1">
          <CardTitle className="break-words">{campaign.name}</CardTitle>
          <p className="min-w-0 text-xs text-muted-foreground">
            {UI.template}: {templateName ? <span className="text-foreground">{templateName} </span> : null}
            <span className="break-all font-mono" data-testid="campaign-template-sid">
              {campaign.templateSid}
            </span>
          </p>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs text-muted-foreground">
            <span className="inline-flex items-center gap-1">
              <ListFilter className="size-3.5" aria-hidden />
              {UI.list}: {campaign.targetListName ?? UI.listRemoved}
            </span>
            {campaign.preferredHour === null ? null : <span>{UI.preferredTime(clockText(campaign.preferredHour, campaign.preferredMinute))}</span>}
          </p>
        </div>
        <CampaignStatusSwitch campaign={campaign} />
      </div>
      <CardContent className="px-4 pb-4 sm:px-5">
        <CampaignCounts campaign={campaign} />
      </CardContent>
      <CardFooter className="px-4 sm:px-5">
        <Button size="sm" variant="outline" onClick={() => setExpanded((v) => !v)} aria-expanded={expanded} aria-controls={panelId} data-testid="funnel-toggle">
          <ChevronDown className={cn("transition-transform", expanded && "rotate-180")} aria-hidden />
          {expanded ? UI.hideFunnel : UI.showFunnel}
          <span className="hidden text-muted-foreground min-[400px]:inline">({UI.steps(campaign.stepCount)})</span>
        </Button>
        <DeleteCampaignButton campaign={campaign} />
      </CardFooter>
      {expanded ? <FunnelPanel campaign={campaign} panelId={panelId} /> : null}
    </Card>
  );
}
