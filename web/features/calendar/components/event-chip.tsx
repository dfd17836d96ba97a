import { Bell, Repeat } from "lucide-react";
import { formatRomeTime } from "@shared/calendar-time";
import { type ApiCalendarOccurrence } from "@shared/schemas/calendar";
import { CALENDAR_TEXTS as TX } from "@shared/texts/calendar";
import { cn } from "@web/lib/cn";
import { timeLabel } from "../lib/format";

// An event as a small clickable line: in the month cells, the all-day strip and the phone agenda.
export function EventChip({ occurrence, onSelect, className, showTime = true }: { occurrence: ApiCalendarOccurrence; onSelect: (o: ApiCalendarOccurrence) => void; className?: string; showTime?: boolean }) {
  return (
    <button
      type="button"
      data-testid="calendar-event"
      onClick={(e) => {
        e.stopPropagation();
        onSelect(occurrence);
      }}
      className={cn(
        "flex w-full min-w-0 items-center gap-1 rounded-md px-1.5 py-0.5 text-left text-xs transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
        occurrence.isAllDay ? "bg-primary text-primary-foreground hover:bg-primary/90" : "bg-primary/12 text-foreground hover:bg-primary/20",
        className,
      )}
      title={`${occurrence.title} · ${timeLabel(occurrence)}`}
    >
      {showTime && !occurrence.isAllDay ? <span className="shrink-0 font-mono text-[11px] tabular-nums opacity-80">{formatRomeTime(occurrence.startDate, TX.invalidTime)}</span> : null}
      <span className="truncate font-medium">{occurrence.title}</span>
      {occurrence.isRecurring ? <Repeat className="size-3 shrink-0 opacity-70" aria-hidden /> : null}
      {occurrence.notificationEnabled ? <Bell className="size-3 shrink-0 opacity-70" aria-hidden /> : null}
    </button>
  );
}
