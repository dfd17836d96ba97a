import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiTemplate } from "@shared/schemas/templates";
import { apiGet } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

// The account's internal templates; a source's auto-response can only use an approved one.
export const internalTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.templates,
    queryFn: async ({ signal }) => (await apiGet<ApiTemplate[]>("/api/templates", { signal })) ?? [],
  });

export function useApprovedTemplates({ enabled }: { enabled: boolean }) {
  return useQuery({ ...internalTemplatesQueryOptions(), enabled, select: (all) => all.filter((t) => t.status === "approved") });
}
