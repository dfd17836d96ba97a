import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { AuditEntry } from "@shared/schemas/admin";
import { api, throwIfResNotOk } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

// The typed call, read by hand: the next page's cursor is in the X-Next-Cursor header.
async function fetchAuditPage(before: string | null, signal?: AbortSignal): Promise<{ entries: AuditEntry[]; nextCursor: string | null }> {
  const res = (await api.admin["audit-log"].$get({ query: before ? { before } : {} }, { init: { signal } })) as unknown as Response;
  if (res.status === 401) return { entries: [], nextCursor: null };
  await throwIfResNotOk(res);
  return { entries: (await res.json()) as AuditEntry[], nextCursor: res.headers.get("X-Next-Cursor") };
}

// The log a page at a time (newest first); "Carica altri" follows the server's cursor.
export const auditLogQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.auditLog,
    queryFn: ({ pageParam, signal }) => fetchAuditPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useAuditLog({ enabled }: { enabled: boolean }) {
  return useInfiniteQuery({ ...auditLogQueryOptions(), enabled });
}
