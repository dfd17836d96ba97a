import { Outlet } from "@tanstack/react-router";
import type { CurrentUser } from "@shared/schemas/auth";
import { useIsDesktop } from "../lib/use-media-query";
import { InboxLive } from "./inbox-live";
import { Sidebar } from "./sidebar";
import { TopBar } from "./top-bar";

export function AppShell({ user }: { user: CurrentUser }) {
  const desktop = useIsDesktop();
  return (
    <div className="flex min-h-dvh">
      <InboxLive userId={user.id} />
      {desktop ? <Sidebar user={user} /> : null}
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar user={user} desktop={desktop} />
        <main className="mx-auto w-full max-w-7xl flex-1 p-4 md:p-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
