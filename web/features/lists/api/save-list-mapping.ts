import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiListImport } from "@shared/schemas/lists";
import { apiRequest } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";
import type { FieldMapping } from "./get-list-mapping";

// Saving the mapping also starts an import with it.
export function saveListMapping({ id, fieldMapping }: { id: string; fieldMapping: FieldMapping }) {
  return apiRequest<{ fieldMapping: FieldMapping; import: ApiListImport }>("PUT", `/api/lists/${encodeURIComponent(id)}/mapping`, { fieldMapping });
}

export function useSaveListMapping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveListMapping,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.lists }),
  });
}
