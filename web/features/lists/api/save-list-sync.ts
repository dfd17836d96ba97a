import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiList } from "@shared/schemas/lists";
import { apiRequest } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

export function saveListSync({ id, syncInterval }: { id: string; syncInterval: number }) {
  return apiRequest<ApiList>("PUT", `/api/lists/${encodeURIComponent(id)}/sync`, { syncInterval });
}

export function useSaveListSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveListSync,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.lists }),
  });
}
