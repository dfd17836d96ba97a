import { Link } from "@tanstack/react-router";
import { CircleCheck, CircleX, Clock, FilePen, FileText, Plus, type LucideIcon } from "lucide-react";
import { ANALYTICS_TEXTS as UI } from "@shared/texts/analytics";
import { CATEGORY_LABELS } from "@shared/constants";
import type { ApiTemplate } from "@shared/schemas/templates";
import { TEMPLATE_STATUS_LABELS } from "@shared/texts/templates";
import { EmptyState } from "@web/components/empty-state";
import { Badge, type BadgeProps } from "@web/components/ui/badge";
import { buttonVariants } from "@web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { useTemplates } from "@web/lib/queries/get-templates";
import { PulseRows } from "./pulse-rows";

export const RECENT_TEMPLATES = 3;

const STATUS_LOOK: Record<string, { icon: LucideIcon; variant: BadgeProps["variant"] }> = {
  approved: { icon: CircleCheck, variant: "success" },
  pending: { icon: Clock, variant: "warning" },
  rejected: { icon: CircleX, variant: "destructive" },
  draft: { icon: FilePen, variant: "secondary" },
};

export function recentTemplates(templates: readonly ApiTemplate[] | null | undefined, limit = RECENT_TEMPLATES): ApiTemplate[] {
  return [...(templates ?? [])].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0)).slice(0, limit);
}

function StatusBadge({ status }: { status: string }) {
  const look = STATUS_LOOK[status] ?? { icon: FileText, variant: "secondary" as const };
  const Icon = look.icon;
  return (
    <Badge variant={look.variant} data-testid="recent-template-status" data-status={status}>
      <Icon aria-hidden />
      {TEMPLATE_STATUS_LABELS[status] ?? status}
    </Badge>
  );
}

// The three newest internal templates. A failed read shows the same empty state as none at all.
export function RecentTemplatesCard() {
  const { data, isPending } = useTemplates();
  const shown = recentTemplates(data);

  let body;
  if (isPending) {
    body = <PulseRows className="gap-2" rowClassName="h-14 rounded-lg" />;
  } else if (shown.length === 0) {
    body = (
      <EmptyState title={UI.noTemplates} icon={<FileText className="size-6" aria-hidden />} className="py-8">
        <Link to="/templates" className={buttonVariants({ size: "sm" })}>
          <Plus aria-hidden />
          {UI.createTemplate}
        </Link>
      </EmptyState>
    );
  } else {
    body = (
      <ul className="grid grid-cols-1 gap-2">
        {shown.map((t) => (
          <li key={t.id} className="flex min-w-0 items-center gap-3 rounded-lg border p-3" data-testid="recent-template">
            <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/15 text-primary">
              <FileText className="size-4" aria-hidden />
            </span>
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-semibold" title={t.name}>
                {t.name}
              </p>
              <p className="truncate text-xs text-muted-foreground">
                {CATEGORY_LABELS[t.category] ?? t.category} · {t.language.toUpperCase()}
              </p>
            </div>
            <StatusBadge status={t.status} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Card className="min-w-0" data-testid="recent-templates">
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle className="flex items-center gap-2">
          <FileText className="size-4 text-primary" aria-hidden />
          {UI.recentTemplates}
        </CardTitle>
        <Link to="/templates" className={buttonVariants({ variant: "link", size: "sm", className: "h-auto px-0" })}>
          {UI.allTemplates}
        </Link>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
