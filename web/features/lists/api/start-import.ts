import { LIST_TEXTS } from "@shared/texts/lists";
import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import { queryKeys } from "@web/lib/query-keys";

export const startImport = (id: string) => unwrap(api.lists[":id"].import.$post({ param: { id: encodeURIComponent(id) } }));

export const useStartImport = () =>
  useApiMutation({
    mutationFn: startImport,
    refresh: [queryKeys.lists],
    errorTitle: LIST_TEXTS.importErrorTitle,
    errorFallback: LIST_TEXTS.importErrorDefault,
  });
