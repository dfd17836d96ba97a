import { useQuery } from "@tanstack/react-query";
import { T } from "@shared/strings";
import type { ConversationConversionInput } from "@shared/schemas/lead-sources";
import { LEAD_TEXTS } from "@shared/texts/leads";
import { api, unwrap, unwrapRead } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { queryKeys } from "@web/lib/query-keys";

// The conversation's customer as a sale: converted or not, and the deal value (kept on its lead).
export function useConversationConversion(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.conversationConversion(id),
    queryFn: ({ signal }) => unwrapRead(api.conversations[":id"].conversion.$get({ param: { id: encodeURIComponent(id) } }, { init: { signal } })),
    enabled,
  });
}

export const setConversationConversion = ({ id, ...json }: { id: string } & ConversationConversionInput) =>
  unwrap(api.conversations[":id"].conversion.$put({ param: { id: encodeURIComponent(id) }, json }));

// The lead list and the revenue figures read the same lead.
export const useSetConversationConversion = (id: string, callbacks?: MutationCallbacks<Awaited<ReturnType<typeof setConversationConversion>>>) =>
  useApiMutation({
    mutationFn: setConversationConversion,
    refresh: (queryClient, saved) => {
      queryClient.setQueryData(queryKeys.conversationConversion(id), saved);
      return Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.leads }), queryClient.invalidateQueries({ queryKey: queryKeys.analytics })]);
    },
    errorTitle: T.error,
    errorFallback: LEAD_TEXTS.conversionError,
    callbacks,
  });
