import { ChevronDown, ListFilter, Megaphone } from "lucide-react";
import { useId, useState } from "react";
import { type ApiCampaign } from "@shared/schemas/campaigns";
import { CAMPAIGN_TEXTS as TX } from "@shared/texts/campaigns";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardFooter } from "@web/components/ui/card";
import { cn } from "@web/lib/cn";
import { clockText } from "../lib/format";
import { CampaignCounts } from "./campaign-counts";
import { CampaignCardHeader } from "./campaign-card-header";
import { DeleteCampaignButton } from "./delete-campaign-button";
import { FunnelPanel } from "./funnel-panel";

export function DynamicCampaignCard({ campaign, templateName }: { campaign: ApiCampaign; templateName: string | null }) {
  const [expanded, setExpanded] = useState(false);
  const panelId = useId();
  return (
    <Card data-testid="campaign-card" data-campaign-id={campaign.id} className="min-w-0 overflow-hidden">
      <CampaignCardHeader campaign={campaign} icon={Megaphone} className="basis-48">
        <p className="min-w-0 text-xs text-muted-foreground">
          {TX.template}: {templateName ? <span className="text-foreground">{templateName} </span> : null}
          <span className="break-all font-mono" data-testid="campaign-template-sid">
            {campaign.templateSid}
          </span>
        </p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs text-muted-foreground">
          <span className="inline-flex items-center gap-1">
            <ListFilter className="size-3.5" aria-hidden />
            {TX.list}: {campaign.targetListName ?? TX.listRemoved}
          </span>
          {campaign.preferredHour === null ? null : <span>{TX.preferredTime(clockText(campaign.preferredHour, campaign.preferredMinute))}</span>}
        </p>
      </CampaignCardHeader>
      <CardContent className="px-4 pb-4 sm:px-5">
        <CampaignCounts campaign={campaign} />
      </CardContent>
      <CardFooter className="px-4 sm:px-5">
        <Button size="sm" variant="outline" onClick={() => setExpanded((v) => !v)} aria-expanded={expanded} aria-controls={panelId} data-testid="funnel-toggle">
          <ChevronDown className={cn("transition-transform", expanded && "rotate-180")} aria-hidden />
          {expanded ? TX.hideFunnel : TX.showFunnel}
          <span className="hidden text-muted-foreground min-[400px]:inline">({TX.steps(campaign.stepCount)})</span>
        </Button>
        <DeleteCampaignButton campaign={campaign} />
      </CardFooter>
      {expanded ? <FunnelPanel campaign={campaign} panelId={panelId} /> : null}
    </Card>
  );
}
