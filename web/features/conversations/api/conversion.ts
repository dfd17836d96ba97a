import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ApiConversationConversion, ConversationConversionInput } from "@shared/schemas/lead-sources";
import { apiGet, apiRequest } from "@web/lib/api-client";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { queryKeys } from "@web/lib/query-keys";

// The conversation's customer as a sale: converted or not, and the deal value (kept on its lead).
export function useConversationConversion(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.conversationConversion(id),
    queryFn: ({ signal }) => apiGet<ApiConversationConversion>(`/api/conversations/${encodeURIComponent(id)}/conversion`, { signal }),
    enabled,
  });
}

export function setConversationConversion({ id, ...body }: { id: string } & ConversationConversionInput) {
  return apiRequest<ApiConversationConversion>("PUT", `/api/conversations/${encodeURIComponent(id)}/conversion`, body);
}

export function useSetConversationConversion(id: string, callbacks: MutationCallbacks<ApiConversationConversion | null> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setConversationConversion,
    onSuccess: async (saved) => {
      queryClient.setQueryData(queryKeys.conversationConversion(id), saved);
      callbacks.onSuccess?.(saved);
      // The lead list and the revenue figures read the same lead.
      await Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.leads }), queryClient.invalidateQueries({ queryKey: queryKeys.analytics })]);
    },
    onError: (error) => callbacks.onError?.(error),
  });
}
