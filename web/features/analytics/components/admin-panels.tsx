import type { ReactNode } from "react";
import { PreviewTestCard } from "./preview-test-card";
import { RecentTemplatesCard } from "./recent-templates";

// The lower half of the admin dashboard: templates and prompts beside the WhatsApp preview.
// prompts: the prompts feature's card, composed in by the route.
export function AdminPanels({ prompts }: { prompts?: ReactNode }) {
  return (
    <div className="grid min-w-0 grid-cols-1 items-start gap-6 md:grid-cols-2">
      <div className="grid min-w-0 grid-cols-1 gap-6">
        <RecentTemplatesCard />
        {prompts}
      </div>
      <PreviewTestCard />
    </div>
  );
}
