import { CampaignsPage as CampaignsScreen } from "../features/campaigns/components/campaigns-page";

export function CampaignsPage() {
  return <CampaignsScreen />;
}
