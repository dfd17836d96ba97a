import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import type { ApiCampaign } from "@shared/schemas/campaigns";
import { CardTitle } from "@web/components/ui/card";
import { cn } from "@web/lib/cn";
import { CampaignStatusSwitch } from "./campaign-status-switch";

// The top of a campaign's card: its kind's icon, its name with the lines under it, and its status switch.
export function CampaignCardHeader({ campaign, icon: Icon, className, children }: { campaign: ApiCampaign; icon: LucideIcon; className?: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-start gap-3 p-4 pb-3 sm:p-5 sm:pb-3">
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/15 text-primary">
        <Icon className="size-5" aria-hidden />
      </span>
      <div className={cn("grid min-w-0 flex-1 gap-1", className)}>
        <CardTitle className="break-words">{campaign.name}</CardTitle>
        {children}
      </div>
      <CampaignStatusSwitch campaign={campaign} />
    </div>
  );
}
