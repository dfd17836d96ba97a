import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import type { ApiLeadsPage } from "@shared/schemas/lead-sources";
import { throwIfResNotOk, urlFromQueryKey } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

export interface LeadsFilter {
  search: string;
  status: string;
  leadSourceId: string;
  pageSize: number;
}

export interface LeadsPage {
  page: ApiLeadsPage;
  nextCursor: string | null;
}

async function fetchLeadsPage(filter: LeadsFilter, cursor: string | null, signal?: AbortSignal): Promise<LeadsPage> {
  const res = await fetch(urlFromQueryKey([...queryKeys.leads, { ...filter, ...(cursor ? { cursor } : {}) }]), { credentials: "include", signal });
  await throwIfResNotOk(res);
  return { page: (await res.json()) as ApiLeadsPage, nextCursor: res.headers.get("X-Next-Cursor") };
}

// The leads a page at a time: the server answers the next page's cursor, stable however many leads
// arrive meanwhile, and "Carica altri" follows it.
export const leadsQueryOptions = (filter: LeadsFilter) =>
  infiniteQueryOptions({
    queryKey: [...queryKeys.leads, filter] as const,
    queryFn: ({ pageParam, signal }) => fetchLeadsPage(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useLeads(filter: LeadsFilter, { enabled }: { enabled: boolean }) {
  return useInfiniteQuery({ ...leadsQueryOptions(filter), enabled, placeholderData: keepPreviousData });
}
