import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiTemplate } from "@shared/schemas/templates";
import { api, unwrapRead } from "../api-client";
import { queryKeys } from "../query-keys";
import type { QueryConfig } from "./query-config";

// The active account's internal templates.
export const templatesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.templates,
    queryFn: async ({ signal }): Promise<ApiTemplate[]> => (await unwrapRead(api.templates.$get(undefined, { init: { signal } }))) ?? [],
  });

export function useTemplates({ queryConfig }: { queryConfig?: QueryConfig<ApiTemplate[], typeof queryKeys.templates> } = {}) {
  return useQuery({ ...templatesQueryOptions(), ...queryConfig });
}
