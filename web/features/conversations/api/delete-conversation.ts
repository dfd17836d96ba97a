import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiConversation } from "../../../../src/shared/schemas/conversations";
import { apiRequest } from "../../../lib/api-client";
import type { MutationCallbacks } from "../../../lib/mutation-callbacks";
import { isConversationListKey, refreshConversationSummaries } from "../../../lib/queries/refresh-conversations";
import { queryKeys } from "../../../lib/query-keys";

export function deleteConversation(id: string) {
  return apiRequest<{ ok: boolean }>("DELETE", `/api/conversations/${encodeURIComponent(id)}`);
}

export function useDeleteConversation(callbacks: MutationCallbacks<string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConversation,
    onSuccess: async (_data, id) => {
      // Gone from every list at once, so nothing can select it again before the lists reload.
      queryClient.setQueriesData<ApiConversation[] | null>({ predicate: (q) => isConversationListKey(q.queryKey) }, (list) =>
        list ? list.filter((c) => c.id !== id) : list,
      );
      callbacks.onSuccess?.(id);
      queryClient.removeQueries({ queryKey: queryKeys.conversation(id) });
      await refreshConversationSummaries(queryClient);
    },
    onError: (error) => callbacks.onError?.(error),
  });
}
