import { Bell, Repeat } from "lucide-react";
import { CALENDAR, type ApiCalendarOccurrence } from "@shared/schemas/calendar";
import { CALENDAR_TEXTS as TX } from "@shared/texts/calendar";
import { cn } from "@web/lib/cn";
import { dayNumber, fullDayLabel, hourLabel, timeLabel, weekdayLabel } from "../lib/format";
import { layoutTimeGrid, nowOffset } from "../lib/grid-layout";
import { EventChip } from "./event-chip";
import { NewEventButton } from "./new-event-button";

const ROW_REM = 4; // each hour row is 4rem high
const rem = (minutes: number) => `${(minutes / 60) * ROW_REM}rem`;

// The week (or single day) grid: 18 hourly rows from the start hour, one column per day.
export function TimeGrid({
  days,
  startHour,
  occurrences,
  today,
  now,
  onSelect,
  onCreate,
  onOpenDay,
}: {
  days: readonly string[];
  startHour: number;
  occurrences: readonly ApiCalendarOccurrence[];
  today: string;
  now: Date;
  onSelect: (o: ApiCalendarOccurrence) => void;
  onCreate: (day: string) => void;
  onOpenDay: (day: string) => void;
}) {
  const layout = layoutTimeGrid(days, startHour, occurrences);
  const hours = Array.from({ length: CALENDAR.gridHours }, (_, i) => startHour + i);
  const columns = `3.5rem repeat(${days.length}, minmax(${days.length > 1 ? "7.5rem" : "12rem"}, 1fr))`;
  const hasStrip = [...layout.strip.values()].some((list) => list.length > 0);

  return (
    <div className="overflow-x-auto rounded-xl border bg-card shadow-sm" data-testid="calendar-time-grid">
      <div className="grid min-w-fit" style={{ gridTemplateColumns: columns }}>
        <div className="sticky left-0 z-20 border-b bg-card" />
        {days.map((day) => (
          <div key={day} className={cn("flex items-center justify-between gap-1 border-b border-l px-2 py-2", day === today && "bg-primary/8")}>
            <button
              type="button"
              onClick={() => onOpenDay(day)}
              className="flex items-baseline gap-1.5 rounded-md px-1 text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              aria-label={`${weekdayLabel(day)} ${dayNumber(day)}, ${fullDayLabel(day)}`}
            >
              <span className="text-xs font-medium text-muted-foreground uppercase">{weekdayLabel(day)}</span>{" "}
              <span className={cn("inline-flex size-7 items-center justify-center rounded-full text-base font-semibold", day === today && "bg-primary text-primary-foreground")}>{dayNumber(day)}</span>
            </button>
            <NewEventButton day={day} onCreate={onCreate} className="p-1" />
          </div>
        ))}

        {hasStrip ? (
          <>
            <div className="sticky left-0 z-20 flex items-start justify-end border-b bg-card px-1 py-1.5 text-right text-[10px] leading-tight text-muted-foreground">{TX.hiddenEvents}</div>
            {days.map((day) => (
              <div key={day} className="grid content-start gap-1 border-b border-l p-1" data-testid={`calendar-strip-${day}`}>
                {layout.strip.get(day)!.map((o) => (
                  <EventChip key={o.occurrenceId} occurrence={o} onSelect={onSelect} />
                ))}
              </div>
            ))}
          </>
        ) : null}

        <div className="sticky left-0 z-20 bg-card">
          {hours.map((h) => (
            <div key={h} className={cn("relative h-16 border-b pr-2 text-right", h >= 24 && "bg-muted/40")}>
              <span className="absolute top-1 right-2 font-mono text-[11px] text-muted-foreground tabular-nums">{hourLabel(h)}</span>
            </div>
          ))}
        </div>
        {days.map((day) => {
          const line = day === today ? nowOffset(now, day, startHour) : null;
          return (
            // Clicking the column's empty space opens a new event on that day at the start hour; the + above does it by keyboard.
            <div key={day} data-testid={`day-column-${day}`} className="relative cursor-pointer border-l" onClick={() => onCreate(day)}>
              {hours.map((h) => (
                <div key={h} className={cn("h-16 border-b", h === 24 && "border-t-2 border-t-border", h >= 24 && "bg-muted/40", day === today && h < 24 && "bg-primary/[0.03]")} />
              ))}
              {layout.columns.get(day)!.map((p) => (
                <button
                  key={p.occurrence.occurrenceId}
                  type="button"
                  data-testid="calendar-event"
                  onClick={(e) => {
                    e.stopPropagation();
                    onSelect(p.occurrence);
                  }}
                  className="absolute overflow-hidden rounded-md border-l-4 border-primary bg-primary/15 px-1.5 py-1 text-left text-xs text-foreground shadow-sm transition-colors hover:bg-primary/25 focus-visible:z-10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  style={{ top: rem(p.top), height: rem(p.height), left: `calc(${(p.lane / p.lanes) * 100}% + 2px)`, width: `calc(${100 / p.lanes}% - 4px)` }}
                  title={`${p.occurrence.title} · ${timeLabel(p.occurrence)}`}
                >
                  <span className="flex items-center gap-1 font-semibold leading-tight">
                    <span className="truncate">{p.occurrence.title}</span>
                    {p.occurrence.isRecurring ? <Repeat className="size-3 shrink-0 opacity-70" aria-hidden /> : null}
                    {p.occurrence.notificationEnabled ? <Bell className="size-3 shrink-0 opacity-70" aria-hidden /> : null}
                  </span>
                  <span className="block truncate font-mono text-[11px] text-muted-foreground tabular-nums">{timeLabel(p.occurrence)}</span>
                  {p.occurrence.location ? <span className="block truncate text-[11px] text-muted-foreground">{p.occurrence.location}</span> : null}
                </button>
              ))}
              {line !== null ? (
                <div className="pointer-events-none absolute inset-x-0 z-10 border-t-2 border-red-500" style={{ top: rem(line) }} data-testid="now-line">
                  <span className="absolute -top-[5px] -left-[5px] size-2 rounded-full bg-red-500" />
                </div>
              ) : null}
            </div>
          );
        })}
      </div>
    </div>
  );
}
