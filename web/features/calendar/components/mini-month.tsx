import type { ApiCalendarOccurrence } from "@shared/schemas/calendar";
import { CALENDAR_TEXTS as TX } from "@shared/texts/calendar";
import { cn } from "@web/lib/cn";
import { dayNumber, fullDayLabel, WEEKDAY_HEADERS } from "../lib/format";
import { monthCell } from "../lib/grid-layout";

// The phone's month: day numbers with a dot per event (at most two, then '+N'); a tap selects the day.
export function MiniMonth({
  days,
  month,
  byDay,
  selected,
  today,
  onSelectDay,
}: {
  days: readonly string[];
  month: string;
  byDay: Map<string, ApiCalendarOccurrence[]>;
  selected: string;
  today: string;
  onSelectDay: (day: string) => void;
}) {
  return (
    <div className="rounded-xl border bg-card p-2 shadow-sm" data-testid="calendar-mini-month">
      <div className="grid grid-cols-7 pb-1">
        {WEEKDAY_HEADERS.map((name) => (
          <div key={name} className="text-center text-[11px] font-medium text-muted-foreground uppercase">
            {name.slice(0, 2)}
          </div>
        ))}
      </div>
      <div className="grid grid-cols-7 gap-y-1">
        {days.map((day) => {
          const { shown, more } = monthCell(byDay.get(day));
          return (
            <button
              key={day}
              type="button"
              onClick={() => onSelectDay(day)}
              aria-label={fullDayLabel(day)}
              aria-pressed={day === selected}
              className={cn(
                "flex h-12 flex-col items-center justify-start gap-1 rounded-lg pt-1 text-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                day.slice(0, 7) !== month && "text-muted-foreground/60",
                day === selected ? "bg-primary/15 font-semibold" : "hover:bg-muted",
              )}
            >
              <span className={cn("inline-flex size-6 items-center justify-center rounded-full", day === today && "bg-primary text-primary-foreground")}>{dayNumber(day)}</span>
              <span className="flex items-center gap-0.5" aria-hidden>
                {shown.map((o) => (
                  <span key={o.occurrenceId} className="size-1.5 rounded-full bg-primary" />
                ))}
                {more > 0 ? <span className="text-[9px] leading-none font-semibold text-primary">{TX.moreEvents(more)}</span> : null}
              </span>
            </button>
          );
        })}
      </div>
    </div>
  );
}
