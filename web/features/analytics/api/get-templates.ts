import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiTemplate } from "@shared/schemas/templates";
import { apiGet } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

export const templatesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.templates,
    queryFn: async ({ signal }) => (await apiGet<ApiTemplate[]>("/api/templates", { signal })) ?? [],
  });

export function useTemplates() {
  return useQuery(templatesQueryOptions());
}
