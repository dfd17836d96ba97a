import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiListFields } from "@shared/schemas/lists";
import { api, unwrapRead } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

// Airtable's columns can change at any time: read them afresh each time the dialog opens.
export const listFieldsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...queryKeys.lists, id, "fields"] as const,
    queryFn: ({ signal }): Promise<ApiListFields | null> => unwrapRead(api.lists[":id"].fields.$get({ param: { id: encodeURIComponent(id) } }, { init: { signal } })),
    staleTime: 0,
    gcTime: 0,
  });

export function useListFields(id: string | null) {
  return useQuery({ ...listFieldsQueryOptions(id ?? ""), enabled: !!id });
}
