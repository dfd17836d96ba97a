import { Link, type LinkProps } from "@tanstack/react-router";
import { ArrowRight, CircleCheck, CircleX } from "lucide-react";
import type { UserRole } from "@shared/constants";
import { PAGE_TITLES } from "@shared/nav";
import { DASHBOARD_TEXTS } from "@shared/texts/dashboard";
import { T } from "@shared/strings";
import { NavIcon } from "@web/components/nav-icon";
import { Badge } from "@web/components/ui/badge";
import { buttonVariants } from "@web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { sidebarItems } from "@web/lib/nav";
import { useAccounts } from "@web/lib/queries/get-accounts";

function AccountStep() {
  const { data: accounts, isPending } = useAccounts();
  if (isPending) return <div className="h-20 animate-pulse rounded-lg bg-muted" aria-hidden />;
  const active = accounts?.find((a) => a.isActive);

  if (!accounts || accounts.length === 0) {
    return (
      <div className="flex flex-col gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-4 sm:flex-row sm:items-center">
        <CircleX className="size-6 shrink-0 text-destructive" aria-hidden />
        <div className="flex-1">
          <p className="text-sm font-semibold">{DASHBOARD_TEXTS.gettingStartedAccountTitle}</p>
          <p className="text-sm text-muted-foreground">{DASHBOARD_TEXTS.gettingStartedAccountMissing}</p>
        </div>
        <Link to="/twilio-accounts" className={buttonVariants({ size: "sm" })}>
          {T.configure}
        </Link>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-3 rounded-lg border border-success/40 bg-success/5 p-4 sm:flex-row sm:items-center" data-testid="getting-started-account">
      <CircleCheck className="size-6 shrink-0 text-success" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold">{DASHBOARD_TEXTS.gettingStartedAccountReady}</p>
        {active ? (
          <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <span>
              {T.activeAccountLabel}: <span className="font-medium text-foreground">{active.name}</span> · {active.phoneNumber}
            </span>
            {active.sandbox ? <Badge variant="warning">{T.sandboxBadge}</Badge> : null}
            {active.isDefault ? <Badge variant="secondary">{T.defaultBadge}</Badge> : null}
          </p>
        ) : null}
      </div>
      <Link to="/twilio-accounts" className={buttonVariants({ variant: "outline", size: "sm" })}>
        {T.manageAccounts}
      </Link>
    </div>
  );
}

export function GettingStarted({ role, personalAssistant }: { role: UserRole; personalAssistant: boolean }) {
  const sections = sidebarItems(role, personalAssistant).filter((item) => item.to !== "/" && item.to !== "/analytics");
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>{DASHBOARD_TEXTS.gettingStartedTitle}</CardTitle>
        </CardHeader>
        <CardContent>
          <AccountStep />
        </CardContent>
      </Card>

      <section aria-labelledby="sections-title" className="grid gap-3">
        <h3 id="sections-title" className="text-base font-semibold">
          {DASHBOARD_TEXTS.sectionsTitle}
        </h3>
        <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {sections.map((item) => (
            <Link
              key={item.to}
              to={item.to as LinkProps["to"]}
              className="group min-w-0 rounded-xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <Card className="h-full transition-colors group-hover:border-primary/50 group-hover:bg-muted/40">
                <div className="flex items-center gap-3 p-5">
                  <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/15 text-primary">
                    <NavIcon name={item.icon} className="size-5" />
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-semibold">{item.label}</p>
                    <p className="truncate text-xs text-muted-foreground">{PAGE_TITLES[item.to]?.subtitle}</p>
                  </div>
                  <ArrowRight className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5" aria-hidden />
                </div>
              </Card>
            </Link>
          ))}
        </div>
      </section>
    </div>
  );
}
