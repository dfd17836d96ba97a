import { useId, useState } from "react";
import { type ApiCampaign, type CampaignStatus } from "@shared/schemas/campaigns";
import { CAMPAIGN_TEXTS as TX } from "@shared/texts/campaigns";
import { Badge } from "@web/components/ui/badge";
import { Switch } from "@web/components/ui/switch";
import { toast } from "@web/lib/toast-store";
import { useUpdateCampaignStatus } from "../api/update-campaign-status";
import { statusBadge } from "../lib/format";
import { CapacityDialog } from "./capacity-dialog";

// The active/paused switch with its badge. A campaign that never ran shows the capacity check first.
export function CampaignStatusSwitch({ campaign }: { campaign: ApiCampaign }) {
  const update = useUpdateCampaignStatus();
  const [checking, setChecking] = useState(false);
  const id = useId();
  const badge = statusBadge(campaign);

  const send = (status: Extract<CampaignStatus, "active" | "paused">) =>
    update.mutate(
      { id: campaign.id, status },
      {
        onSuccess: () => {
          toast({ title: TX.updated, description: `${campaign.name}: ${status === "active" ? TX.active : TX.paused}`, variant: "success" });
        },
      },
    );

  const onCheckedChange = (on: boolean) => {
    if (on && campaign.status === "pending") setChecking(true);
    else send(on ? "active" : "paused");
  };

  // The check closes at once: its figures were for this moment, and the switch shows what follows.
  const confirm = () => {
    setChecking(false);
    send("active");
  };

  return (
    <div className="flex shrink-0 items-center gap-2">
      <Badge variant={badge.variant} id={`${id}-status`} data-testid="campaign-status">
        {badge.label}
      </Badge>
      {campaign.status === "completed" ? null : (
        <Switch
          checked={campaign.status === "active"}
          onCheckedChange={onCheckedChange}
          disabled={update.isPending}
          aria-label={TX.statusSwitch(campaign.name)}
          aria-describedby={`${id}-status`}
          data-testid="campaign-status-switch"
        />
      )}
      <CapacityDialog campaign={checking ? campaign : null} onConfirm={confirm} onClose={() => setChecking(false)} />
    </div>
  );
}
