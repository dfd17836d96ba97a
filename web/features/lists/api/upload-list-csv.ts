import type { ApiList } from "@shared/schemas/lists";
import { T } from "@shared/strings";
import { LIST_TEXTS } from "@shared/texts/lists";
import { apiRequest } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import { queryKeys } from "@web/lib/query-keys";

// The file itself is the body (hc sends only JSON, form or query inputs); its name travels in the query string.
export function uploadListCsv({ id, file }: { id: string; file: File }) {
  return apiRequest<ApiList>("PUT", `/api/lists/${encodeURIComponent(id)}/csv?fileName=${encodeURIComponent(file.name)}`, file, {
    contentType: "text/csv",
  });
}

export const useUploadListCsv = () =>
  useApiMutation({
    mutationFn: uploadListCsv,
    refresh: [queryKeys.lists],
    errorTitle: LIST_TEXTS.csvUploadError,
    errorFallback: T.unknownError,
  });
