import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiTemplate } from "@shared/schemas/templates";
import { apiGet } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

// While a template waits for WhatsApp, the list is refreshed so the verdict shows up by itself.
const PENDING_REFRESH_MS = 10_000;

export const templatesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.templates,
    queryFn: async ({ signal }) => (await apiGet<ApiTemplate[]>("/api/templates", { signal })) ?? [],
  });

export function useTemplates({ enabled }: { enabled: boolean }) {
  return useQuery({
    ...templatesQueryOptions(),
    enabled,
    refetchInterval: (query) => (query.state.data?.some((t) => t.status === "pending") ? PENDING_REFRESH_MS : false),
  });
}
