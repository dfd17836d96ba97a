import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiMemory } from "@shared/schemas/memories";
import { apiRequest } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";
import type { MemoryBody } from "../lib/memory-form";

export function createMemory(body: MemoryBody) {
  return apiRequest<ApiMemory>("POST", "/api/memories", body);
}

export function useCreateMemory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMemory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.memories }),
  });
}
