import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import type { ApiLeadsPage, LeadStatus } from "@shared/schemas/lead-sources";
import { api, throwIfResNotOk } from "@web/lib/api-client";
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

// The server's query: empty filters are no filters.
function leadsQuery({ search, status, leadSourceId, pageSize }: LeadsFilter, cursor: string | null) {
  return {
    ...(search ? { search } : {}),
    ...(status ? { status: status as LeadStatus } : {}),
    ...(leadSourceId ? { leadSourceId } : {}),
    pageSize: String(pageSize),
    ...(cursor ? { cursor } : {}),
  };
}

async function fetchLeadsPage(filter: LeadsFilter, cursor: string | null, signal?: AbortSignal): Promise<LeadsPage> {
  const res = await api.leads.$get({ query: leadsQuery(filter, cursor) }, { init: { signal } });
  await throwIfResNotOk(res as unknown as Response);
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
