import { USER_ID_DISPLAY_LENGTH } from "@shared/constants";
import type { TwilioAccount } from "@shared/schemas/accounts";
import type { AdminUser, AuditEntry } from "@shared/schemas/admin";
import { ADMIN_TEXTS as TX } from "@shared/texts/admin";
import { T } from "@shared/strings";

export function shortId(id: string): string {
  return id.slice(0, USER_ID_DISPLAY_LENGTH);
}

// An account in the panels' dropdowns: name, number, and whether it is disabled.
export function accountOptionLabel(account: TwilioAccount): string {
  return `${account.name} · ${account.phoneNumber}${account.enabled ? "" : ` (${TX.accountDisabled})`}`;
}

export function roleLabel(role: string): string {
  return T.roleLabels[role] ?? role;
}

export function userStats(users: readonly AdminUser[], accounts: readonly TwilioAccount[]) {
  return {
    total: users.length,
    superAdmins: users.filter((u) => u.role === "super_admin").length,
    clients: users.filter((u) => u.role === "client").length,
    activeAccounts: accounts.filter((a) => a.enabled).length,
  };
}

// The create-user form offers only enabled provider accounts.
export function enabledAccounts(accounts: readonly TwilioAccount[] | null | undefined): TwilioAccount[] {
  return (accounts ?? []).filter((a) => a.enabled);
}

export function fullName(user: Pick<AdminUser, "firstName" | "lastName">): string {
  return [user.firstName, user.lastName].filter((p) => p && p.trim()).join(" ");
}

export function newestFirst(entries: readonly AuditEntry[]): AuditEntry[] {
  return [...entries].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
}

const text = (v: unknown) => (typeof v === "string" && v.trim() ? v : null);

// What changed, in a few words: the user, the account, the role or state it moved to.
export function auditDetails(entry: AuditEntry): string {
  const d = entry.details ?? {};
  const parts: string[] = [];
  const email = text(d.email);
  if (email) parts.push(email);
  const account = text(d.account) ?? text(d.name);
  if (account) parts.push(account);
  const from = text(d.from);
  const to = text(d.to);
  if (from && to) parts.push(TX.auditRole(roleLabel(from), roleLabel(to)));
  if (typeof d.isActive === "boolean") parts.push(d.isActive ? TX.auditEnabled : TX.auditDisabled);
  if (d.isOwner === true) parts.push(TX.auditOwner);
  return parts.join(" · ");
}
