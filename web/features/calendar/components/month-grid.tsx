import { type ApiCalendarOccurrence } from "@shared/schemas/calendar";
import { CALENDAR_TEXTS as TX } from "@shared/texts/calendar";
import { cn } from "@web/lib/cn";
import { dayNumber, fullDayLabel, WEEKDAY_HEADERS } from "../lib/format";
import { eventsByDay, monthCell } from "../lib/grid-layout";
import { EventChip } from "./event-chip";

// The month in whole weeks; each day lists at most two events and counts the others.
export function MonthGrid({
  days,
  month,
  occurrences,
  today,
  onSelect,
  onCreate,
  onOpenDay,
}: {
  days: readonly string[];
  month: string;
  occurrences: readonly ApiCalendarOccurrence[];
  today: string;
  onSelect: (o: ApiCalendarOccurrence) => void;
  onCreate: (day: string) => void;
  onOpenDay: (day: string) => void;
}) {
  const byDay = eventsByDay(occurrences);
  return (
    <div className="overflow-hidden rounded-xl border bg-card shadow-sm" data-testid="calendar-month-grid">
      <div className="grid grid-cols-7 border-b bg-muted/40">
        {WEEKDAY_HEADERS.map((name) => (
          <div key={name} className="px-2 py-2 text-center text-xs font-medium text-muted-foreground uppercase">
            {name}
          </div>
        ))}
      </div>
      <div className="grid grid-cols-7">
        {days.map((day) => {
          const { shown, more } = monthCell(byDay.get(day));
          const outside = day.slice(0, 7) !== month;
          return (
            <div
              key={day}
              data-testid={`month-cell-${day}`}
              onClick={() => onCreate(day)}
              className={cn("flex min-h-28 cursor-pointer flex-col gap-1 border-r border-b p-1.5 [&:nth-child(7n)]:border-r-0", outside && "bg-muted/30")}
            >
              <button
                type="button"
                onClick={(e) => {
                  e.stopPropagation();
                  onOpenDay(day);
                }}
                aria-label={fullDayLabel(day)}
                className={cn(
                  "inline-flex size-7 items-center justify-center self-start rounded-full text-sm font-medium hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                  outside && "text-muted-foreground",
                  day === today && "bg-primary text-primary-foreground hover:bg-primary/90",
                )}
              >
                {dayNumber(day)}
              </button>
              {shown.map((o) => (
                <EventChip key={o.occurrenceId} occurrence={o} onSelect={onSelect} />
              ))}
              {more > 0 ? (
                <button
                  type="button"
                  onClick={(e) => {
                    e.stopPropagation();
                    onOpenDay(day);
                  }}
                  className="self-start rounded px-1.5 text-xs font-semibold text-primary hover:underline"
                  data-testid="month-more"
                >
                  {TX.moreEvents(more)}
                </button>
              ) : null}
            </div>
          );
        })}
      </div>
    </div>
  );
}
