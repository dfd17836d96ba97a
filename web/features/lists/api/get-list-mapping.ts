import { queryOptions, useQuery } from "@tanstack/react-query";
import type { StandardFieldKey } from "@shared/schemas/lists";
import { api, unwrapRead } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

export type FieldMapping = Partial<Record<StandardFieldKey, string>>;

export const listMappingQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...queryKeys.lists, id, "mapping"] as const,
    queryFn: ({ signal }): Promise<{ fieldMapping: FieldMapping } | null> =>
      unwrapRead(api.lists[":id"].mapping.$get({ param: { id: encodeURIComponent(id) } }, { init: { signal } })),
    staleTime: 0,
  });

export function useListMapping(id: string | null) {
  return useQuery({ ...listMappingQueryOptions(id ?? ""), enabled: !!id });
}
