import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiList } from "@shared/schemas/lists";
import { api, unwrapRead } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

// While an import runs, the cards are refreshed often enough for the progress bar to move.
export const IMPORT_REFRESH_MS = 1_500;

export const isImporting = (list: ApiList) => list.lastImport?.status === "queued" || list.lastImport?.status === "running";

export const listsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.lists,
    queryFn: async ({ signal }): Promise<ApiList[]> => (await unwrapRead(api.lists.$get(undefined, { init: { signal } }))) ?? [],
  });

export function useLists({ enabled }: { enabled: boolean }) {
  return useQuery({
    ...listsQueryOptions(),
    enabled,
    refetchInterval: (query) => (query.state.data?.some(isImporting) ? IMPORT_REFRESH_MS : false),
  });
}
