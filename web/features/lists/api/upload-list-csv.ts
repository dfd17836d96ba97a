import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiList } from "@shared/schemas/lists";
import { apiRequest } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

// The file itself is the body; its name travels in the query string.
export function uploadListCsv({ id, file }: { id: string; file: File }) {
  return apiRequest<ApiList>("PUT", `/api/lists/${encodeURIComponent(id)}/csv?fileName=${encodeURIComponent(file.name)}`, file, {
    contentType: "text/csv",
  });
}

export function useUploadListCsv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadListCsv,
    onSuccess: (_data, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.lists }),
        queryClient.invalidateQueries({ queryKey: [...queryKeys.lists, id, "fields"] }),
      ]),
  });
}
