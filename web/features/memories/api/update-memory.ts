import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiMemory } from "@shared/schemas/memories";
import { apiRequest } from "@web/lib/api-client";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { queryKeys } from "@web/lib/query-keys";
import type { MemoryBody } from "../lib/memory-form";

// Any subset of the fields: the active switch sends only isActive.
export function updateMemory({ id, body }: { id: string; body: Partial<MemoryBody> }) {
  return apiRequest<ApiMemory>("PUT", `/api/memories/${encodeURIComponent(id)}`, body);
}

export function useUpdateMemory(callbacks: MutationCallbacks<ApiMemory | null> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMemory,
    onSuccess: async (data) => {
      callbacks.onSuccess?.(data);
      await queryClient.invalidateQueries({ queryKey: queryKeys.memories });
    },
    onError: (error) => callbacks.onError?.(error),
  });
}
