import { type AnyColumn, type SQL, sql } from "drizzle-orm";

// Who asks for a row: a super_admin reaches every account, anyone else the accounts they are a member of.
export interface Tenant {
  id: string;
  role: string;
}

// The condition that a row's account (the column holding its twilio_account_id) is one the user may
// reach, for a repo's tenant-scoped finder: another tenant's id then finds nothing, as if it did not
// exist. Undefined (no condition) for a super_admin.
export function reachableBy(user: Tenant, accountId: AnyColumn): SQL | undefined {
  if (user.role === "super_admin") return undefined;
  return sql`exists(select 1 from "account_users" m where m."user_id" = ${user.id} and m."twilio_account_id" = ${accountId})`;
}
