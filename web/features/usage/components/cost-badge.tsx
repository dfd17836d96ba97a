import { TriangleExclamationPoint } from "lucide-react";
import { USAGE_TEXTS as TX } from "@shared/texts/usage";
import { cn } from "@web/lib/cn";
import { useUsageStats } from "../api/get-usage-stats";
import { costBadge } from "../lib/cost-badge";

export function CostBadge({ className }: { className?: string }) {
  const { data } = useUsageStats();
  if (!data) return null;
  const badge = costBadge(data.totalCost);
  const title = badge.warning ? TX.costBadgeWarning(badge.text) : TX.costBadgeTitle(badge.text);
  return (
    <span
      data-testid="cost-badge"
      title={title}
      aria-label={title}
      className={cn(
        "inline-flex items-center gap-1 rounded-full px-2 py-0.5 font-mono text-xs font-semibold tabular-nums",
        badge.red ? "bg-destructive text-destructive-foreground" : "bg-primary/15 text-primary",
        className,
      )}
    >
      {badge.warning ? <TriangleExclamationPoint className="size-3" aria-hidden data-testid="cost-warning" /> : null}
      {badge.text}
    </span>
  );
}
