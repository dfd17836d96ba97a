import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiSettings } from "@shared/schemas/settings";
import { apiGet } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

// A 401 here is an error, not "no data": the page tells the user and sends them to sign in.
export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.settings,
    queryFn: ({ signal }) => apiGet<ApiSettings>("/api/settings", { signal, on401: "throw" }),
  });

export function useSettings() {
  return useQuery(settingsQueryOptions());
}
