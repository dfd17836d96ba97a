import type { ApiTemplate } from "@shared/schemas/templates";
import { useTemplates } from "@web/lib/queries/get-templates";

// A source's auto-response can only use an approved internal template.
const approvedOnly = (all: ApiTemplate[]) => all.filter((t) => t.status === "approved");

export function useApprovedTemplates({ enabled }: { enabled: boolean }) {
  return useTemplates({ queryConfig: { enabled, select: approvedOnly } });
}
