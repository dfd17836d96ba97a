import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { POLL_MS } from "../../../../src/shared/constants";
import type { UsageReport } from "../../../../src/shared/schemas/ai-usage";
import { apiGet, urlFromQueryKey } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";
import { usageQuery, type UsageFilterValues } from "../lib/usage-format";

export const usageReportQueryOptions = (filter: UsageFilterValues) => {
  const queryKey = queryKeys.usageReport(usageQuery(filter));
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => apiGet<UsageReport>(urlFromQueryKey(queryKey), { signal }),
    refetchInterval: POLL_MS.usage,
  });
};

// A new filter keeps the previous report on screen until its own arrives.
export function useUsageReport(filter: UsageFilterValues, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...usageReportQueryOptions(filter), enabled, placeholderData: keepPreviousData });
}
