import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiLeadSource } from "@shared/schemas/lead-sources";
import { api, unwrapRead } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

export const leadSourcesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.leadSources,
    queryFn: async ({ signal }): Promise<ApiLeadSource[]> => (await unwrapRead(api["lead-sources"].$get(undefined, { init: { signal } }))) ?? [],
  });

export function useLeadSources({ enabled }: { enabled: boolean }) {
  return useQuery({ ...leadSourcesQueryOptions(), enabled });
}
