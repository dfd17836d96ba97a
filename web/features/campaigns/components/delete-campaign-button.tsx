import { Trash } from "lucide-react";
import { type ApiCampaign } from "@shared/schemas/campaigns";
import { CAMPAIGN_TEXTS as TX } from "@shared/texts/campaigns";
import { T } from "@shared/strings";
import { Button } from "@web/components/ui/button";
import { toast } from "@web/lib/toast-store";
import { useDeleteCampaign } from "../api/delete-campaign";

export function DeleteCampaignButton({ campaign }: { campaign: ApiCampaign }) {
  const removal = useDeleteCampaign({
    onSuccess: () => toast({ title: TX.deleted, description: campaign.name, variant: "success" }),
  });
  const remove = () => {
    if (!window.confirm(TX.deleteConfirm(campaign.name))) return;
    removal.mutate(campaign.id);
  };
  return (
    <Button size="sm" variant="ghost-destructive" onClick={remove} disabled={removal.isPending} className="ml-auto">
      <Trash aria-hidden />
      {T.delete}
    </Button>
  );
}
