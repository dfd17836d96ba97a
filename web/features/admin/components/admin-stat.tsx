import type { LucideIcon } from "lucide-react";
import { Card } from "@web/components/ui/card";

export function AdminStat({ label, value, icon: Icon, testId }: { label: string; value: number; icon: LucideIcon; testId: string }) {
  return (
    <Card className="flex min-w-0 items-center gap-3 p-4" data-testid={testId}>
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/15 text-primary">
        <Icon className="size-5" aria-hidden />
      </span>
      <div className="min-w-0">
        <p className="truncate text-sm text-muted-foreground">{label}</p>
        <p className="text-2xl font-bold tabular-nums" data-testid={`${testId}-value`}>
          {value}
        </p>
      </div>
    </Card>
  );
}
