import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext, createRoute, createRouter, lazyRouteComponent, type RouterHistory } from "@tanstack/react-router";
import { FullPageSpinner } from "./components/full-page-spinner";
import { NotFoundPage } from "./routes/not-found";
import { RootGate } from "./routes/root";

interface RouterContext {
  queryClient: QueryClient;
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootGate,
  notFoundComponent: NotFoundPage,
});

// Each screen is loaded on first visit (or on hover of a link to it).
function page<TPath extends string, TModule extends Record<string, unknown>>(
  path: TPath,
  load: () => Promise<TModule>,
  exportName: keyof TModule & string,
) {
  return createRoute({
    getParentRoute: () => rootRoute,
    path,
    component: lazyRouteComponent(load, exportName),
  });
}

const routeTree = rootRoute.addChildren([
  page("/", () => import("./routes/index"), "IndexPage"),
  page("/analytics", () => import("./routes/analytics"), "AnalyticsPage"),
  page("/templates", () => import("./routes/templates"), "TemplatesPage"),
  page("/prompts", () => import("./routes/prompts"), "PromptsPage"),
  page("/memories", () => import("./routes/memories"), "MemoriesPage"),
  page("/lists", () => import("./routes/lists"), "ListsPage"),
  page("/campaigns", () => import("./routes/campaigns"), "CampaignsPage"),
  page("/conversations", () => import("./routes/conversations"), "ConversationsPage"),
  page("/chat/$id", () => import("./routes/chat"), "ChatPage"),
  page("/calendar", () => import("./routes/calendar"), "CalendarPage"),
  page("/actions", () => import("./routes/actions"), "ActionsPage"),
  page("/usage", () => import("./routes/usage"), "UsagePage"),
  page("/twilio-accounts", () => import("./routes/twilio-accounts"), "TwilioAccountsPage"),
  page("/settings", () => import("./routes/settings"), "SettingsPage"),
  page("/template-test", () => import("./routes/template-test"), "TemplateTestPage"),
  page("/admin", () => import("./routes/admin"), "AdminPage"),
  page("/leads", () => import("./routes/leads"), "LeadsPage"),
]);

export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient },
    defaultPreload: "intent",
    // Query data has its own cache; the router need not keep loader results.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: () => <FullPageSpinner />,
    defaultNotFoundComponent: NotFoundPage,
  });
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
