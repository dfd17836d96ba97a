import type { LucideIcon } from "lucide-react";
import { Card } from "@web/components/ui/card";
import { cn } from "@web/lib/cn";

export interface StatCardProps {
  label: string;
  value: string;
  hint?: string;
  icon: LucideIcon;
  loading?: boolean;
  className?: string;
  testId?: string;
}

export function StatCard({ label, value, hint, icon: Icon, loading = false, className, testId }: StatCardProps) {
  return (
    <Card className={cn("min-w-0 p-4 sm:p-5", className)} data-testid={testId}>
      <div className="flex items-start justify-between gap-3">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        <span className="hidden size-9 shrink-0 items-center justify-center rounded-lg bg-primary/15 text-primary sm:inline-flex">
          <Icon className="size-5" aria-hidden />
        </span>
      </div>
      {loading ? (
        <div className="mt-1 h-8 w-20 animate-pulse rounded-md bg-muted" aria-hidden />
      ) : (
        <p className="mt-1 text-2xl font-bold tracking-tight tabular-nums" data-testid={testId ? `${testId}-value` : undefined}>
          {value}
        </p>
      )}
      {hint ? <p className="mt-1 truncate text-xs text-muted-foreground">{hint}</p> : null}
    </Card>
  );
}
