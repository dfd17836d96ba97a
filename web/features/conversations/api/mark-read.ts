import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@web/lib/api-client";
import { refreshConversationSummaries } from "@web/lib/queries/refresh-conversations";

export function markRead(id: string) {
  return apiRequest<{ ok: boolean }>("POST", `/api/conversations/${encodeURIComponent(id)}/mark-read`);
}

// A failure is only logged (by the mutation cache): reading must never get in the way.
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: () => refreshConversationSummaries(queryClient),
  });
}
