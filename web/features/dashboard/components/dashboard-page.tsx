import { T } from "../../../../src/shared/strings";
import { FullPageSpinner } from "../../../components/full-page-spinner";
import { greetingName } from "../../../lib/greeting";
import { usePersonalAssistant } from "../../../lib/personal-assistant";
import { useMe } from "../../../lib/queries/get-me";
import { GettingStarted } from "./getting-started";
import { PaIconRow } from "./pa-icon-row";

export function DashboardPage() {
  const { data: user, isPending } = useMe();
  const assistant = usePersonalAssistant();
  if (isPending || !user) return <FullPageSpinner text={T.loading} detail={T.checkingPermissions} />;

  const heading = assistant.active ? T.paHubTitle : user.role === "super_admin" ? T.dashboardAdmin : T.dashboardClient;
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
              {T.greeting(greetingName(user))} {assistant.active ? T.paHubIntro : T.dashboardIntro}
            </p>
          </div>
          <PaIconRow />
        </div>
      </section>
      <GettingStarted role={user.role} personalAssistant={assistant.active} />
    </div>
  );
}
