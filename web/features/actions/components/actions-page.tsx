import { Mail, Settings2, Sparkles, Target, Zap } from "lucide-react";
import { type ComponentType, type ReactNode, useState } from "react";
import { T } from "@shared/strings";
import { ACTIONS_TEXTS as TX } from "@shared/texts/actions";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card, CardDescription, CardFooter, CardTitle } from "@web/components/ui/card";
import { cn } from "@web/lib/cn";
import { approvedTemplates, useProviderTemplates } from "@web/lib/queries/get-provider-templates";
import { useActiveAccount } from "@web/lib/queries/get-active-account";
import { useIsDesktop } from "@web/lib/use-media-query";
import { useLeadSettings } from "../api/get-lead-settings";
import { LeadSettingsDialog } from "./lead-settings-dialog";
import { MediaAiCards } from "./media-ai-cards";
import { MediaLibraryCard } from "./media-library-card";
import { NoAccountState } from "@web/components/no-account-state";

const UPCOMING_ICONS: Record<string, ComponentType<{ className?: string }>> = {
  "email-sync": Mail,
};

function ActionCard({ icon: Icon, title, description, badge, footer, disabled, testId }: { icon: ComponentType<{ className?: string }>; title: string; description: string; badge: ReactNode; footer: ReactNode; disabled?: boolean; testId: string }) {
  return (
    <Card className={cn("flex flex-col", disabled && "opacity-60")} aria-disabled={disabled || undefined} data-testid={testId}>
      <div className="flex items-start gap-3 p-5">
        <span className={cn("inline-flex size-11 shrink-0 items-center justify-center rounded-xl", disabled ? "bg-muted text-muted-foreground" : "bg-primary/15 text-primary")}>
          <Icon className="size-5" aria-hidden />
        </span>
        <div className="grid min-w-0 flex-1 gap-1.5">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <CardTitle>{title}</CardTitle>
            {badge}
          </div>
          <CardDescription>{description}</CardDescription>
        </div>
      </div>
      <div className="flex-1" />
      <CardFooter>{footer}</CardFooter>
    </Card>
  );
}

function UpcomingCard({ item }: { item: { key: string; title: string; description: string } }) {
  return (
    <ActionCard
      icon={UPCOMING_ICONS[item.key] ?? Zap}
      title={item.title}
      description={item.description}
      badge={<Badge variant="outline">{TX.comingSoon}</Badge>}
      footer={
        <Button variant="outline" size="sm" disabled className="w-full sm:w-auto">
          {TX.comingSoon}
        </Button>
      }
      disabled
      testId={`action-${item.key}`}
    />
  );
}

export function ActionsPage() {
  const desktop = useIsDesktop();
  const { data: account, isPending: accountPending } = useActiveAccount();
  const settings = useLeadSettings(account?.id);
  const { data: templates } = useProviderTemplates();
  const [open, setOpen] = useState(false);

  if (accountPending) return <div className="h-64 animate-pulse rounded-xl border bg-card" aria-busy="true" />;
  if (!account) {
    return (
      <NoAccountState title={T.noAccounts} icon={Zap} link={{ size: "sm" }} />
    );
  }

  const active = settings.data?.notificationEnabled ?? false;
  const phones = settings.data?.notificationPhoneNumbers ?? [];
  const templateName = settings.data?.notificationTemplateId
    ? (approvedTemplates(templates).find((t) => t.sid === settings.data?.notificationTemplateId)?.friendlyName ?? settings.data.notificationTemplateId)
    : null;

  const leadCard = (
    <ActionCard
      icon={Target}
      title={TX.leadDetectionTitle}
      description={TX.leadDetectionDescription}
      testId="action-lead-detection"
      badge={
        settings.isPending ? (
          <span className="h-5 w-16 animate-pulse rounded-full bg-muted" />
        ) : (
          <Badge variant={active ? "success" : "outline"} data-testid="lead-detection-status">
            {active ? <Sparkles aria-hidden /> : null}
            {active ? TX.active : TX.inactive}
          </Badge>
        )
      }
      footer={
        <div className="flex w-full flex-wrap items-center justify-between gap-2">
          {settings.isError ? (
            <span className="text-xs text-destructive" role="alert">
              {TX.loadError}
            </span>
          ) : (
            <span className="text-xs text-muted-foreground">
              {TX.phonesCount(phones.length)} · {templateName ?? TX.freeFormShort}
            </span>
          )}
          <Button size="sm" onClick={() => setOpen(true)} disabled={settings.isPending}>
            <Settings2 aria-hidden />
            {T.configure}
          </Button>
        </div>
      }
    />
  );

  return (
    <div className="grid gap-4">
      {desktop ? (
        <div className="grid gap-4" data-testid="actions-desktop">
          {leadCard}
          <div className="grid gap-4 md:grid-cols-3">
            <MediaAiCards twilioAccountId={account.id} />
            {TX.upcoming.map((item) => (
              <UpcomingCard key={item.key} item={item} />
            ))}
          </div>
          <MediaLibraryCard twilioAccountId={account.id} />
        </div>
      ) : (
        <div className="grid gap-3" data-testid="actions-mobile">
          {leadCard}
          <MediaAiCards twilioAccountId={account.id} />
          <MediaLibraryCard twilioAccountId={account.id} />
          {[...TX.upcomingMobile, ...TX.upcoming].map((item) => (
            <UpcomingCard key={item.key} item={item} />
          ))}
        </div>
      )}
      <LeadSettingsDialog open={open} settings={settings.data} twilioAccountId={account.id} onClose={() => setOpen(false)} />
    </div>
  );
}
