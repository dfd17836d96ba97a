import { CalendarClock } from "lucide-react";
import { type ApiCampaign } from "@shared/schemas/campaigns";
import { CAMPAIGN_TEXTS as TX } from "@shared/texts/campaigns";
import { Card, CardContent, CardFooter } from "@web/components/ui/card";
import { romeDateTime } from "../lib/format";
import { CampaignCounts } from "./campaign-counts";
import { CampaignCardHeader } from "./campaign-card-header";
import { DeleteCampaignButton } from "./delete-campaign-button";

export function CalendarCampaignCard({ campaign, templateName }: { campaign: ApiCampaign; templateName: string | null }) {
  return (
    <Card data-testid="calendar-campaign-card" data-campaign-id={campaign.id} className="flex min-w-0 flex-col">
      <CampaignCardHeader campaign={campaign} icon={CalendarClock} className="basis-40">
        <p className="text-sm font-medium" data-testid="calendar-scheduled-at">
          {TX.scheduledFor(campaign.scheduledAt ? romeDateTime(campaign.scheduledAt) : "—")}
        </p>
      </CampaignCardHeader>
      <CardContent className="grid flex-1 content-start gap-2 px-4 pb-4 sm:px-5">
        <dl className="grid gap-1 text-xs text-muted-foreground">
          <div className="flex min-w-0 gap-1">
            <dt>{TX.template}:</dt>
            <dd className="min-w-0 break-all">
              {templateName ? <span className="text-foreground">{templateName} </span> : null}
              <span className="font-mono">{campaign.templateSid}</span>
            </dd>
          </div>
          <div className="flex gap-1">
            <dt>{TX.list}:</dt>
            <dd className="min-w-0 break-words">
              {campaign.targetListName ?? TX.listRemoved} · {TX.recipients(campaign.totalRecipients)}
            </dd>
          </div>
        </dl>
        <CampaignCounts campaign={campaign} />
      </CardContent>
      <CardFooter className="px-4 sm:px-5">
        <DeleteCampaignButton campaign={campaign} />
      </CardFooter>
    </Card>
  );
}
