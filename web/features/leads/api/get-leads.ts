import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiLeadsPage } from "../../../../src/shared/schemas/lead-sources";
import { apiGet, urlFromQueryKey } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export interface LeadsFilter {
  search: string;
  status: string;
  leadSourceId: string;
  page: number;
  pageSize: number;
}

export const leadsQueryOptions = (filter: LeadsFilter) => {
  const queryKey = [...queryKeys.leads, filter] as const;
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => apiGet<ApiLeadsPage>(urlFromQueryKey(queryKey), { signal }),
    placeholderData: keepPreviousData,
  });
};

export function useLeads(filter: LeadsFilter, { enabled }: { enabled: boolean }) {
  return useQuery({ ...leadsQueryOptions(filter), enabled });
}
