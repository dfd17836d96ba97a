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
                <th scope="col" className="w-24 py-2 pr-3 font-medium">
                  {TX.colId}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {TX.colEmail}
                </th>
                <th scope="col" className="w-60 py-2 pr-3 font-medium">
                  {TX.colRole}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {TX.colAccounts}
                </th>
                <th scope="col" className="w-32 py-2 font-medium">
                  {TX.colActive}
                </th>
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
                      <div className="flex flex-wrap items-center gap-2">
                        <ActiveToggle user={user} self={self} />
                        <ResetPasswordButton user={user} self={self} />
                      </div>
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
                  <div className="grid grid-cols-1 gap-1">
                    <p className="text-xs font-medium text-muted-foreground">{TX.colRole}</p>
                    <RoleSelect user={user} self={self} className="w-full" />
                  </div>
                  <div className="grid grid-cols-1 gap-1">
                    <p className="text-xs font-medium text-muted-foreground">{TX.colAccounts}</p>
                    <AccountBadges user={user} selfId={selfId} />
                  </div>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <ActiveToggle user={user} self={self} />
                    <ResetPasswordButton user={user} self={self} />
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
