import { cn } from "../lib/cn";

// Placeholder cards while a page's cards load, in the grid the real cards will use.
export function CardSkeletons({ count, cardClassName, className }: { count: number; cardClassName: string; className: string }) {
  return (
    <div className={cn("grid gap-4", className)} aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={cn("animate-pulse rounded-xl border bg-card", cardClassName)} />
      ))}
    </div>
  );
}
