import { SectionPlaceholder } from "../components/section-placeholder";

export function CampaignsPage() {
  return <SectionPlaceholder />;
}
