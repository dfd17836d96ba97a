import { Power } from "lucide-react";
import type { CurrentUser } from "@shared/schemas/auth";
import { T } from "@shared/strings";
import { BrandMark } from "../components/brand-logo";
import { ThemeToggle } from "../components/theme-toggle";
import { Avatar } from "../components/ui/avatar";
import { Button } from "../components/ui/button";
import { LogoutButton } from "../features/auth/components/logout-button";
import { ProfilePhotoDialog } from "../features/profile/components/profile-photo-dialog";
import { CostBadge } from "../features/usage/components/cost-badge";
import { greeting, initials } from "../lib/greeting";
import { usePersonalAssistant } from "../lib/personal-assistant";
import { useActiveAccount } from "../lib/queries/get-active-account";

export function SidebarHeader() {
  const { data: active } = useActiveAccount();
  const name = active?.name ?? T.appName;
  return (
    <div className="flex items-center gap-3 border-b border-sidebar-border px-4 py-4">
      {active?.profilePhoto ? (
        <Avatar src={active.profilePhoto} fallback={name.slice(0, 2).toUpperCase()} size="sm" shape="square" />
      ) : (
        <BrandMark />
      )}
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold" data-testid="sidebar-account-name" title={name}>
          {name}
        </p>
        <div className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1">
          <p className="text-xs text-muted-foreground">{T.subtitle}</p>
          <CostBadge />
        </div>
      </div>
    </div>
  );
}

export function AssistantExitButton() {
  const { active, exit } = usePersonalAssistant();
  if (!active) return null;
  return (
    <Button variant="soft" size="sm" className="w-full" onClick={exit}>
      <Power aria-hidden />
      {T.paExit}
    </Button>
  );
}

export function SidebarFooter({ user }: { user: CurrentUser }) {
  return (
    <div className="border-t border-sidebar-border p-3">
      <div className="flex items-center gap-3 px-1">
        <ProfilePhotoDialog user={user}>
          <button
            type="button"
            // The name ends with the initials the button shows (WCAG 2.5.3: the visible text is part of the name).
            aria-label={user.profileImageUrl ? T.changeProfilePhoto : `${T.changeProfilePhoto}: ${initials(user)}`}
            title={T.changeProfilePhoto}
            className="rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <Avatar src={user.profileImageUrl} fallback={initials(user)} size="sm" />
          </button>
        </ProfilePhotoDialog>
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold" data-testid="user-greeting">
            {greeting(user)}
          </p>
          <p className="truncate text-xs text-muted-foreground">{user.email}</p>
        </div>
        <ThemeToggle />
      </div>
      <LogoutButton className="mt-2 w-full" />
    </div>
  );
}
