import { X } from "lucide-react";
import { USER_ROLES, type UserRole } from "@shared/constants";
import { ADMIN_TEXTS as TX } from "@shared/texts/admin";
import { type AdminUser } from "@shared/schemas/admin";
import { T } from "@shared/strings";
import { Badge } from "@web/components/ui/badge";
import { NativeSelect } from "@web/components/ui/input";
import { Switch } from "@web/components/ui/switch";
import { cn } from "@web/lib/cn";
import { toast } from "@web/lib/toast-store";
import { useSetUserActive } from "../api/set-user-active";
import { useUnassignAccount } from "../api/unassign-account";
import { useUpdateRole } from "../api/update-role";
import { roleLabel } from "../lib/admin-view";

// The dropdown shows the chosen role while the change is on its way. One's own role is fixed.
export function RoleSelect({ user, self, className }: { user: AdminUser; self: boolean; className?: string }) {
  const update = useUpdateRole({
    onSuccess: () => toast({ title: TX.roleUpdated, variant: "success" }),
  });
  const value = update.isPending ? update.variables.role : user.role;
  return (
    <NativeSelect
      aria-label={TX.roleFor(user.email)}
      value={value}
      disabled={self || update.isPending}
      title={self ? TX.ownRole : undefined}
      onChange={(e) => update.mutate({ userId: user.id, role: e.target.value as UserRole })}
      className={cn("h-9 w-full", className)}
      data-testid="role-select"
    >
      {USER_ROLES.map((role) => (
        <option key={role} value={role}>
          {roleLabel(role)}
        </option>
      ))}
    </NativeSelect>
  );
}

// Active or disabled; disabling asks first, because it also signs the user out everywhere.
export function ActiveToggle({ user, self }: { user: AdminUser; self: boolean }) {
  const setActive = useSetUserActive({
    onSuccess: ({ isActive }) => toast({ title: isActive ? TX.activated : TX.deactivated, description: user.email, variant: "success" }),
  });
  const checked = setActive.isPending ? setActive.variables.isActive : user.isActive;
  const onChange = (next: boolean) => {
    if (!next && !window.confirm(TX.deactivateConfirm(user.email))) return;
    setActive.mutate({ userId: user.id, isActive: next });
  };
  return (
    <label className="inline-flex items-center gap-2 text-sm">
      <Switch
        checked={checked}
        onCheckedChange={onChange}
        disabled={self || setActive.isPending}
        aria-label={TX.activeFor(user.email)}
        title={self ? TX.ownAccountDisable : undefined}
        data-testid="active-switch"
      />
      <span className={checked ? "text-foreground" : "text-muted-foreground"}>{checked ? T.active : TX.disabled}</span>
    </label>
  );
}

// The user's accounts with an owner badge and a '×' to remove each.
export function AccountBadges({ user, selfId }: { user: AdminUser; selfId: string }) {
  const unassign = useUnassignAccount({
    selfId,
    onSuccess: () => toast({ title: TX.removed, variant: "success" }),
  });
  if (user.accounts.length === 0) return <span className="text-xs text-muted-foreground">{TX.noAccount}</span>;
  return (
    <ul className="flex flex-wrap gap-1.5">
      {user.accounts.map((a) => {
        const removing = unassign.isPending && unassign.variables.twilioAccountId === a.twilioAccountId;
        return (
          <li
            key={a.id}
            className={cn("inline-flex max-w-full items-center gap-1 rounded-full border bg-muted/40 py-0.5 pr-0.5 pl-2.5 text-xs", removing && "opacity-50")}
            data-testid="account-badge"
            title={a.accountPhoneNumber}
          >
            <span className="truncate font-medium">{a.accountName || a.twilioAccountId}</span>
            {a.isOwner ? (
              <Badge variant="default" className="px-1.5 py-0 text-[10px]" data-testid="owner-badge">
                {TX.ownBadge}
              </Badge>
            ) : null}
            <button
              type="button"
              className="inline-flex size-5 shrink-0 items-center justify-center rounded-full text-muted-foreground hover:bg-destructive/15 hover:text-destructive focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50"
              aria-label={TX.removeAccount(a.accountName || a.twilioAccountId, user.email)}
              disabled={unassign.isPending}
              onClick={() => unassign.mutate({ userId: user.id, twilioAccountId: a.twilioAccountId })}
              data-testid="remove-account"
            >
              <X className="size-3.5" aria-hidden />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
