import type { ReactNode } from "react";
import { CONVERSATION_TEXTS as TX } from "@shared/texts/conversations";
import { DASHBOARD_TEXTS } from "@shared/texts/dashboard";
import { T } from "@shared/strings";
import { FullPageSpinner } from "@web/components/full-page-spinner";
import { greetingName } from "@web/lib/greeting";
import { usePersonalAssistant } from "@web/lib/personal-assistant";
import { useMe } from "@web/lib/queries/get-me";
import { ActiveConversations } from "./active-conversations";
import { GettingStarted } from "./getting-started";
import { PaIconRow } from "./pa-icon-row";

const START_FORM_ANCHOR = "start-conversation";
const ADMIN_CONVERSATIONS = 5;
const CLIENT_CONVERSATIONS = 4;

function jumpToStartForm() {
  const anchor = document.getElementById(START_FORM_ANCHOR);
  if (!anchor) return;
  anchor.scrollIntoView({ behavior: "smooth", block: "start" });
  anchor.querySelector<HTMLElement>("input, select, textarea")?.focus({ preventScroll: true });
}

// The route composes in the other features' parts (features do not import each other):
// startConversation the start form; adminOverview/clientOverview the figures and actions under the
// heading; insights the /analytics charts (admins); adminPanels templates, prompts and the preview.
export function DashboardPage({
  startConversation,
  adminOverview,
  clientOverview,
  insights,
  adminPanels,
}: {
  startConversation?: ReactNode;
  adminOverview?: ReactNode;
  clientOverview?: ReactNode;
  insights?: ReactNode;
  adminPanels?: ReactNode;
}) {
  const { data: user, isPending } = useMe();
  const assistant = usePersonalAssistant();
  if (isPending || !user) return <FullPageSpinner text={T.loading} detail={T.checkingPermissions} />;

  const admin = user.role === "super_admin";
  const heading = assistant.active ? DASHBOARD_TEXTS.paHubTitle : admin ? DASHBOARD_TEXTS.dashboardAdmin : DASHBOARD_TEXTS.dashboardClient;
  const startForm = (
    <div id={START_FORM_ANCHOR} className="min-w-0 scroll-mt-20">
      {startConversation}
    </div>
  );
  return (
    <div className="grid gap-6">
      <section className="relative overflow-hidden rounded-2xl border bg-card p-5 shadow-sm sm:p-6">
        <div className="pointer-events-none absolute -top-24 -right-24 size-64 rounded-full bg-glow blur-3xl" aria-hidden />
        <div className="relative flex flex-col gap-5 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <h2 className="text-2xl font-bold tracking-tight sm:text-3xl" data-testid="dashboard-heading">
              {heading}
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">
              {T.greeting(greetingName(user))} {assistant.active ? DASHBOARD_TEXTS.paHubIntro : DASHBOARD_TEXTS.dashboardIntro}
            </p>
          </div>
          <PaIconRow />
        </div>
      </section>
      {admin ? adminOverview : clientOverview}
      {admin ? insights : null}
      {admin ? (
        <div className="grid items-start gap-6 xl:grid-cols-2">
          <ActiveConversations title={TX.activeConversationsTitle} limit={ADMIN_CONVERSATIONS} showViewAll />
          {startForm}
        </div>
      ) : (
        <div className="grid items-start gap-6 xl:grid-cols-2">
          {startForm}
          <ActiveConversations title={TX.recentConversationsTitle} limit={CLIENT_CONVERSATIONS} onStart={jumpToStartForm} />
        </div>
      )}
      {admin ? adminPanels : null}
      <GettingStarted role={user.role} personalAssistant={assistant.active} />
    </div>
  );
}
