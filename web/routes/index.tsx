import { lazy, Suspense, type ReactNode } from "react";
import { CardSkeletons } from "../components/card-skeletons";
import { DashboardPage } from "../features/dashboard/components/dashboard-page";

// The dashboard's frame paints first; its cards (the start form with react-hook-form, zod and the
// phone rules, the figures and their charts) load beside it, which keeps the first load under budget.
const StartConversationForm = lazy(() =>
  import("../features/start-conversation/components/start-conversation-form").then((m) => ({ default: m.StartConversationForm })),
);
const AdminOverview = lazy(() => import("../features/analytics/components/admin-overview").then((m) => ({ default: m.AdminOverview })));
const ClientOverview = lazy(() => import("../features/analytics/components/client-overview").then((m) => ({ default: m.ClientOverview })));
const AdminPanels = lazy(() => import("../features/analytics/components/admin-panels").then((m) => ({ default: m.AdminPanels })));
const ActivePromptsCard = lazy(() => import("../features/prompts/components/dashboard-prompt-card").then((m) => ({ default: m.ActivePromptsCard })));

function Loading({ children, height }: { children: ReactNode; height: string }) {
  return <Suspense fallback={<CardSkeletons count={1} className="grid" cardClassName={height} />}>{children}</Suspense>;
}

export function IndexPage() {
  return (
    <DashboardPage
      startConversation={
        <Loading height="h-72">
          <StartConversationForm />
        </Loading>
      }
      adminOverview={
        <Loading height="h-40">
          <AdminOverview />
        </Loading>
      }
      clientOverview={
        <Loading height="h-40">
          <ClientOverview />
        </Loading>
      }
      adminPanels={
        <Loading height="h-64">
          <AdminPanels prompts={<ActivePromptsCard />} />
        </Loading>
      }
    />
  );
}
