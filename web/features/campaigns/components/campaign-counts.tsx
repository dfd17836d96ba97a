import { Send } from "lucide-react";
import { type ApiCampaign } from "@shared/schemas/campaigns";
import { CAMPAIGN_TEXTS as TX } from "@shared/texts/campaigns";

// The sent count people look for first, with delivered, failed and skipped beside it.
export function CampaignCounts({ campaign }: { campaign: ApiCampaign }) {
  return (
    <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
      <p className="flex items-center gap-2 text-2xl font-semibold tabular-nums" data-testid="campaign-sent">
        <Send className="size-5 self-center text-muted-foreground" aria-hidden />
        {TX.sentCount(campaign.sentCount)}
      </p>
      <p className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-muted-foreground tabular-nums" data-testid="campaign-counts">
        <span className="text-success">{TX.delivered(campaign.deliveredCount)}</span>
        <span className={campaign.failedCount > 0 ? "text-destructive" : undefined}>{TX.failed(campaign.failedCount)}</span>
        <span>{TX.skipped(campaign.skippedCount)}</span>
      </p>
    </div>
  );
}
