import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { AuditEntry } from "@shared/schemas/admin";
import { throwIfResNotOk } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

async function fetchAuditPage(before: string | null, signal?: AbortSignal): Promise<{ entries: AuditEntry[]; nextCursor: string | null }> {
  const res = await fetch(before ? `/api/admin/audit-log?before=${encodeURIComponent(before)}` : "/api/admin/audit-log", { credentials: "include", signal });
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
