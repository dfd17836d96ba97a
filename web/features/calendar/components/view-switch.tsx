import { CALENDAR_VIEWS, type CalendarView } from "@shared/calendar-time";
import { CALENDAR_TEXTS as TX } from "@shared/texts/calendar";
import { cn } from "@web/lib/cn";

export function ViewSwitch({ view, onChange, className }: { view: CalendarView; onChange: (view: CalendarView) => void; className?: string }) {
  return (
    <div role="group" aria-label={TX.viewSwitchLabel} className={cn("inline-flex rounded-lg border bg-muted/40 p-0.5", className)}>
      {CALENDAR_VIEWS.map((v) => (
        <button
          key={v}
          type="button"
          aria-pressed={view === v}
          data-testid={`calendar-view-${v}`}
          onClick={() => onChange(v)}
          className={cn(
            "flex-1 rounded-md px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
            view === v ? "bg-background text-foreground shadow-sm" : "text-muted-foreground hover:text-foreground",
          )}
        >
          {TX.viewLabels[v]}
        </button>
      ))}
    </div>
  );
}
