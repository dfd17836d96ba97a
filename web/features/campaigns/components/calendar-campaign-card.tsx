import { CalendarClock } from "lucide-react";
import { type ApiCampaign, CAMPAIGN_UI as UI } from "@shared/schemas/campaigns";
import { Card, CardContent, CardFooter, CardTitle } from "@web/components/ui/card";
import { romeDateTime } from "../lib/format";
import { CampaignCounts } from "./campaign-counts";
import { CampaignStatusSwitch } from "./campaign-status-switch";
import { DeleteCampaignButton } from "./delete-campaign-button";

export function CalendarCampaignCard({ campaign, templateName }: { campaign: ApiCampaign; templateName: string | null }) {
  return (
    <Card data-testid="calendar-campaign-card" data-campaign-id={campaign.id} className="flex min-w-0 flex-col">
      <div className="flex flex-wrap items-start gap-3 p-4 pb-3 sm:p-5 sm:pb-3">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/15 text-primary">
          <CalendarClock className="size-5" aria-hidden />
        </span>
        <div className="grid min-w-0 flex-1 basis-40 gap-1">
          <CardTitle className="break-words">{campaign.name}</CardTitle>
          <p className="text-sm font-medium" data-testid="calendar-scheduled-at">
            {UI.scheduledFor(campaign.scheduledAt ? romeDateTime(campaign.scheduledAt) : "—")}
          </p>
        </div>
        <CampaignStatusSwitch campaign={campaign} />
      </div>
      <CardContent className="grid flex-1 content-start gap-2 px-4 pb-4 sm:px-5">
        <dl className="grid gap-1 text-xs text-muted-foreground">
          <div className="flex min-w-0 gap-1">
            <dt>{UI.template}:</dt>
            <dd className="min-w-0 break-all">
              {templateName ? <span className="text-foreground">{templateName} </span> : null}
              <span className="font-mono">{campaign.templateSid}</span>
            </dd>
          </div>
          <div className="flex gap-1">
            <dt>{UI.list}:</dt>
            <dd className="min-w-0 break-words">
              {campaign.targetListName ?? UI.listRemoved} · {UI.recipients(campaign.totalRecipients)}
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
