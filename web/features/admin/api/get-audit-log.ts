import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AuditEntry } from "../../../../src/shared/schemas/admin";
import { apiGet } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export const auditLogQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.auditLog,
    queryFn: async ({ signal }) => (await apiGet<AuditEntry[]>("/api/admin/audit-log", { signal })) ?? [],
  });

export function useAuditLog({ enabled }: { enabled: boolean }) {
  return useQuery({ ...auditLogQueryOptions(), enabled });
}
