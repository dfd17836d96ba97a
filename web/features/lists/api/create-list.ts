import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiList, CreateListInput } from "@shared/schemas/lists";
import { apiRequest } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

export function createList(input: CreateListInput) {
  return apiRequest<ApiList>("POST", "/api/lists", input);
}

export function useCreateList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createList,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.lists }),
  });
}
