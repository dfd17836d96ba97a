import { Plus } from "lucide-react";
import { CALENDAR_TEXTS as TX } from "@shared/texts/calendar";
import { cn } from "@web/lib/cn";
import { fullDayLabel } from "../lib/format";

// The "+" beside a day's heading: a new event on that day.
export function NewEventButton({ day, onCreate, className }: { day: string; onCreate: (day: string) => void; className?: string }) {
  return (
    <button
      type="button"
      onClick={() => onCreate(day)}
      className={cn("rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring", className)}
      aria-label={TX.newEventAt(fullDayLabel(day))}
    >
      <Plus className="size-4" aria-hidden />
    </button>
  );
}
