import type { ReactNode } from "react";
import type { AdminUser } from "@shared/schemas/admin";
import { formatRomeDate } from "@shared/rome-format";
import { ADMIN_TEXTS as TX } from "@shared/texts/admin";
import { Badge } from "@web/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { cn } from "@web/lib/cn";
import { useMediaQuery } from "@web/lib/use-media-query";
import { fullName, shortId } from "../lib/admin-view";
import { ResetPasswordButton } from "./reset-password-button";
import { AccountBadges, ActiveToggle, RoleSelect } from "./user-controls";

// The table needs room for five columns; below this width each user is a card.
export const TABLE_QUERY = "(min-width: 1024px)";

function Identity({ user, self }: { user: AdminUser; self: boolean }) {
  const name = fullName(user);
  return (
    <div className="min-w-0 flex-1">
      <p className="flex min-w-0 items-center gap-2">
        <span className="truncate font-medium" title={user.email} data-testid="user-email">
          {user.email}
        </span>
        {self ? <Badge variant="secondary">{TX.you}</Badge> : null}
      </p>
      <p className="truncate text-xs text-muted-foreground">
        {name ? `${name} · ` : ""}
        {TX.createdOn(formatRomeDate(user.createdAt))}
      </p>
    </div>
  );
}

function UserId({ id }: { id: string }) {
  return (
    <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs" title={id} data-testid="user-id">
      {shortId(id)}
    </code>
  );
}

// The table's columns, in order.
const COLUMNS = [
  { label: TX.colId, className: "w-24 pr-3" },
  { label: TX.colEmail, className: "pr-3" },
  { label: TX.colRole, className: "w-60 pr-3" },
  { label: TX.colAccounts, className: "pr-3" },
  { label: TX.colActive, className: "w-32" },
];

// Whether the user may sign in, and the password reset.
function UserAccess({ user, self, className }: { user: AdminUser; self: boolean; className?: string }) {
  return (
    <div className={cn("flex flex-wrap items-center", className)}>
      <ActiveToggle user={user} self={self} />
      <ResetPasswordButton user={user} self={self} />
    </div>
  );
}

// One labelled control of a user's card (the phone layout).
function CardField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-1">
      <p className="text-xs font-medium text-muted-foreground">{label}</p>
      {children}
    </div>
  );
}

export function UsersList({ users, selfId }: { users: AdminUser[]; selfId: string }) {
  const wide = useMediaQuery(TABLE_QUERY);
  return (
    <Card className="min-w-0" data-testid="users-list" data-layout={wide ? "table" : "cards"}>
      <CardHeader>
        <CardTitle>{TX.usersTitle}</CardTitle>
      </CardHeader>
      <CardContent>
        {wide ? (
          <table className="w-full table-fixed text-sm" data-testid="users-table">
            <thead>
              <tr className="border-b text-left text-xs text-muted-foreground">
                {COLUMNS.map(({ label, className }) => (
                  <th key={label} scope="col" className={cn("py-2 font-medium", className)}>
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {users.map((user) => {
                const self = user.id === selfId;
                return (
                  <tr key={user.id} className={cn("border-b align-middle last:border-0", !user.isActive && "bg-muted/30")} data-testid="admin-user" data-user-id={user.id}>
                    <td className="py-3 pr-3">
                      <UserId id={user.id} />
                    </td>
                    <td className="py-3 pr-3">
                      <Identity user={user} self={self} />
                    </td>
                    <td className="py-3 pr-3">
                      <RoleSelect user={user} self={self} />
                    </td>
                    <td className="py-3 pr-3">
                      <AccountBadges user={user} selfId={selfId} />
                    </td>
                    <td className="py-3">
                      <UserAccess user={user} self={self} className="gap-2" />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        ) : (
          <ul className="grid grid-cols-1 gap-3" data-testid="users-cards">
            {users.map((user) => {
              const self = user.id === selfId;
              return (
                <li key={user.id} className={cn("grid min-w-0 grid-cols-1 gap-3 rounded-lg border p-3", !user.isActive && "bg-muted/30")} data-testid="admin-user" data-user-id={user.id}>
                  <div className="flex items-start justify-between gap-2">
                    <Identity user={user} self={self} />
                    <UserId id={user.id} />
                  </div>
                  <CardField label={TX.colRole}>
                    <RoleSelect user={user} self={self} className="w-full" />
                  </CardField>
                  <CardField label={TX.colAccounts}>
                    <AccountBadges user={user} selfId={selfId} />
                  </CardField>
                  <UserAccess user={user} self={self} className="justify-between gap-2" />
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
