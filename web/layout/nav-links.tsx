import { Link, useRouterState, type LinkProps } from "@tanstack/react-router";
import type { NavItem } from "@shared/nav";
import { UnreadBadge } from "../features/conversations/components/unread-badge";
import { cn } from "../lib/cn";
import { isNavActive } from "../lib/nav";
import { NavIcon } from "../components/nav-icon";

const UNREAD_DESCRIPTION_ID = "unread-conversations-description";

export function usePathname(): string {
  return useRouterState({ select: (state) => state.location.pathname });
}

export function NavLinks({ items, label, onNavigate }: { items: readonly NavItem[]; label: string; onNavigate?: () => void }) {
  const pathname = usePathname();
  return (
    <nav aria-label={label} className="flex flex-col gap-0.5">
      {items.map((item) => {
        const active = isNavActive(item.to, pathname);
        return (
          <Link
            key={item.to}
            // Nav entries come from the shared table as plain strings; every one is a registered route.
            to={item.to as LinkProps["to"]}
            onClick={onNavigate}
            // The name stays the plain label; the unread count is a description.
            aria-label={item.label}
            aria-describedby={item.to === "/conversations" ? UNREAD_DESCRIPTION_ID : undefined}
            aria-current={active ? "page" : undefined}
            className={cn(
              "flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
              active
                ? "bg-sidebar-accent text-sidebar-accent-foreground"
                : "text-sidebar-foreground/80 hover:bg-sidebar-accent/60 hover:text-sidebar-foreground",
            )}
          >
            <NavIcon name={item.icon} className="size-4 shrink-0" />
            <span className="truncate">{item.label}</span>
            {item.to === "/conversations" ? <UnreadBadge descriptionId={UNREAD_DESCRIPTION_ID} /> : null}
          </Link>
        );
      })}
    </nav>
  );
}
