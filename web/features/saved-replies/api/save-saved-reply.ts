import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiSavedReply } from "@shared/saved-replies";
import { apiRequest } from "@web/lib/api-client";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { queryKeys } from "@web/lib/query-keys";

type Input = { id?: string; shortcut: string; content: string };

// Creates a reply, or updates the one with `id`.
export function saveSavedReply({ id, ...body }: Input) {
  return id
    ? apiRequest<ApiSavedReply>("PUT", `/api/saved-replies/${encodeURIComponent(id)}`, body)
    : apiRequest<ApiSavedReply>("POST", "/api/saved-replies", body);
}

export function useSaveSavedReply(callbacks: MutationCallbacks<ApiSavedReply | null> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSavedReply,
    onSuccess: async (reply) => {
      callbacks.onSuccess?.(reply);
      await queryClient.invalidateQueries({ queryKey: queryKeys.savedReplies });
    },
    onError: (error) => callbacks.onError?.(error),
  });
}

export function useDeleteSavedReply(callbacks: MutationCallbacks<string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest("DELETE", `/api/saved-replies/${encodeURIComponent(id)}`),
    onSuccess: async (_data, id) => {
      callbacks.onSuccess?.(id);
      await queryClient.invalidateQueries({ queryKey: queryKeys.savedReplies });
    },
    onError: (error) => callbacks.onError?.(error),
  });
}
