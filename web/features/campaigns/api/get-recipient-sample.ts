import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiRecipientSample } from "@shared/schemas/campaigns";
import { apiGet, urlFromQueryKey } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

// The list's first recipient, for the live preview of a template's variables.
export const recipientSampleQueryOptions = (targetListId: string) => {
  const queryKey = queryKeys.recipientSample(targetListId);
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => apiGet<ApiRecipientSample>(urlFromQueryKey(queryKey), { signal, on401: "throw" }),
  });
};

export function useRecipientSample(targetListId: string | null) {
  return useQuery({ ...recipientSampleQueryOptions(targetListId ?? ""), enabled: !!targetListId });
}
