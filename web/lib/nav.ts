import type { UserRole } from "@shared/constants";
import { NAV_DEFAULT, NAV_PERSONAL_ASSISTANT, PAGE_TITLES, type NavItem } from "@shared/nav";

export function visibleNavItems(items: readonly NavItem[], role: UserRole | null | undefined): NavItem[] {
  return items.filter((item) => !item.adminOnly || role === "super_admin");
}

export function sidebarItems(role: UserRole | null | undefined, personalAssistant: boolean): NavItem[] {
  return visibleNavItems(personalAssistant ? NAV_PERSONAL_ASSISTANT : NAV_DEFAULT, role);
}

// "/" is active only on itself; other entries also on their sub-paths.
export function isNavActive(itemTo: string, pathname: string): boolean {
  if (itemTo === "/") return pathname === "/";
  return pathname === itemTo || pathname.startsWith(`${itemTo}/`);
}

export function pageTitleFor(pathname: string): { title: string; subtitle: string } | null {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (/^\/chat\/[^/]+$/.test(normalized)) return PAGE_TITLES["/chat"] ?? null;
  return PAGE_TITLES[normalized] ?? null;
}
