import { Bell, MapPin, Repeat } from "lucide-react";
import { type ApiCalendarOccurrence } from "@shared/schemas/calendar";
import { CALENDAR_TEXTS as TX } from "@shared/texts/calendar";
import { Card } from "@web/components/ui/card";
import { cn } from "@web/lib/cn";
import { fullDayLabel, timeLabel } from "../lib/format";
import { NewEventButton } from "./new-event-button";

// One day as a list (the phone layout): time or 'Tutto il giorno', title and place of each event.
export function AgendaDay({
  day,
  events,
  today,
  onSelect,
  onCreate,
}: {
  day: string;
  events: readonly ApiCalendarOccurrence[];
  today: string;
  onSelect: (o: ApiCalendarOccurrence) => void;
  onCreate: (day: string) => void;
}) {
  return (
    <Card className={cn("overflow-hidden", day === today && "border-primary/50")} data-testid={`agenda-${day}`}>
      <div className={cn("flex items-center justify-between gap-2 border-b px-3 py-2", day === today ? "bg-primary/10" : "bg-muted/30")}>
        <h3 className="text-sm font-semibold">{fullDayLabel(day)}</h3>
        <NewEventButton day={day} onCreate={onCreate} className="p-1.5" />
      </div>
      {events.length === 0 ? (
        <p className="px-3 py-3 text-sm text-muted-foreground">{TX.emptyDay}</p>
      ) : (
        <ul className="divide-y">
          {events.map((o) => (
            <li key={o.occurrenceId}>
              <button
                type="button"
                data-testid="calendar-event"
                onClick={() => onSelect(o)}
                className="flex w-full items-stretch gap-3 px-3 py-2.5 text-left transition-colors hover:bg-muted/50 focus-visible:bg-muted/50 focus-visible:outline-none"
              >
                <span className={cn("w-1 shrink-0 rounded-full", o.isAllDay ? "bg-primary" : "bg-primary/50")} aria-hidden />
                <span className="grid min-w-0 flex-1 gap-0.5">
                  <span className="font-mono text-xs text-muted-foreground tabular-nums">{timeLabel(o)}</span>
                  <span className="flex items-center gap-1.5 text-sm font-medium">
                    <span className="truncate">{o.title}</span>
                    {o.isRecurring ? <Repeat className="size-3.5 shrink-0 text-muted-foreground" aria-hidden /> : null}
                    {o.notificationEnabled ? <Bell className="size-3.5 shrink-0 text-muted-foreground" aria-hidden /> : null}
                  </span>
                  {o.location ? (
                    <span className="flex items-center gap-1 truncate text-xs text-muted-foreground">
                      <MapPin className="size-3 shrink-0" aria-hidden />
                      {o.location}
                    </span>
                  ) : null}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
