import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ProviderTemplate } from "@shared/sandbox-templates";
import { apiGet } from "../api-client";
import { queryKeys } from "../query-keys";

export const providerTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.twilioTemplates,
    queryFn: async ({ signal }) => (await apiGet<ProviderTemplate[]>("/api/twilio-templates", { signal })) ?? [],
  });

// Only approved templates may be offered for sending.
export function approvedTemplates(templates: readonly ProviderTemplate[] | undefined): ProviderTemplate[] {
  return (templates ?? []).filter((t) => t.status === "approved");
}

export function useProviderTemplates() {
  return useQuery(providerTemplatesQueryOptions());
}
