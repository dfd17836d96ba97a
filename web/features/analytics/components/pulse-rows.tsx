import { cn } from "@web/lib/cn";

// Three placeholder rows while a dashboard card's figures load.
export function PulseRows({ className, rowClassName }: { className: string; rowClassName: string }) {
  return (
    <div className={cn("grid grid-cols-1", className)} aria-busy="true">
      {[0, 1, 2].map((i) => (
        <div key={i} className={cn("animate-pulse bg-muted", rowClassName)} />
      ))}
    </div>
  );
}
