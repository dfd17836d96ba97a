import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

// The list's first recipient, for the live preview of a template's variables.
export const recipientSampleQueryOptions = (targetListId: string) =>
  queryOptions({
    queryKey: queryKeys.recipientSample(targetListId),
    queryFn: ({ signal }) => unwrap(api.campaigns["recipients-sample"].$get({ query: { targetListId } }, { init: { signal } })),
  });

export function useRecipientSample(targetListId: string | null) {
  return useQuery({ ...recipientSampleQueryOptions(targetListId ?? ""), enabled: !!targetListId });
}
