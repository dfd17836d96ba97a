import type { CurrentUser } from "@shared/schemas/auth";
import { T } from "@shared/strings";
import { sidebarItems } from "../lib/nav";
import { usePersonalAssistant } from "../lib/personal-assistant";
import { NavLinks } from "./nav-links";
import { AssistantExitButton, SidebarFooter, SidebarHeader } from "./sidebar-parts";

export function Sidebar({ user }: { user: CurrentUser }) {
  const { active } = usePersonalAssistant();
  return (
    <aside className="sticky top-0 flex h-dvh w-64 shrink-0 flex-col border-r border-sidebar-border bg-sidebar text-sidebar-foreground">
      <SidebarHeader />
      <div className="flex-1 overflow-y-auto px-3 py-4">
        <NavLinks items={sidebarItems(user.role, active)} label={T.mainNavLabel} />
      </div>
      {active ? (
        <div className="px-3 pb-3">
          <AssistantExitButton />
        </div>
      ) : null}
      <SidebarFooter user={user} />
    </aside>
  );
}
