import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ProviderTemplate } from "@shared/sandbox-templates";
import { api, unwrapRead } from "../api-client";
import { queryKeys } from "../query-keys";

export const providerTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.twilioTemplates,
    queryFn: async ({ signal }): Promise<ProviderTemplate[]> => (await unwrapRead(api["twilio-templates"].$get(undefined, { init: { signal } }))) ?? [],
  });

// Only approved templates may be offered for sending.
export function approvedTemplates(templates: readonly ProviderTemplate[] | undefined): ProviderTemplate[] {
  return (templates ?? []).filter((t) => t.status === "approved");
}

export function useProviderTemplates() {
  return useQuery(providerTemplatesQueryOptions());
}
