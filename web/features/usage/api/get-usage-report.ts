import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { POLL_MS } from "@shared/constants";
import type { UsageReport } from "@shared/schemas/ai-usage";
import { api, unwrap } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";
import { usageQuery, type UsageFilterValues } from "../lib/usage-format";

export interface UsageReportPage {
  report: UsageReport;
  nextCursor: string | null;
}

// One page of the report's rows (with the aggregates over every row) and the `before` of the next page,
// which the answer's X-Next-Cursor header carries.
async function fetchUsagePage(filter: UsageFilterValues, before: string | null, signal?: AbortSignal): Promise<UsageReportPage> {
  const { limit, ...rest } = usageQuery(filter);
  const res = await api["openai-usage"].$get({ query: { limit: String(limit), ...rest, ...(before ? { before } : {}) } }, { init: { signal } });
  return { report: await unwrap(Promise.resolve(res)), nextCursor: res.headers.get("X-Next-Cursor") };
}

export const usageReportQueryOptions = (filter: UsageFilterValues) =>
  infiniteQueryOptions({
    queryKey: queryKeys.usageReport(usageQuery(filter)),
    queryFn: ({ pageParam, signal }) => fetchUsagePage(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: POLL_MS.usage,
  });

// The report as the first page answers it, with the rows of every page loaded so far ("Carica altri").
export function mergedUsageReport(pages: readonly UsageReportPage[] | undefined): UsageReport | undefined {
  const first = pages?.[0];
  if (!first) return undefined;
  return { ...first.report, items: pages.flatMap((p) => p.report.items) };
}

// A new filter keeps the previous report on screen until its own arrives.
export function useUsageReport(filter: UsageFilterValues, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...usageReportQueryOptions(filter), enabled, placeholderData: keepPreviousData });
}
