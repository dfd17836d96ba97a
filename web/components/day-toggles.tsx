import { cn } from "@web/lib/cn";

export interface DayChoice {
  value: number;
  label: string;
}

// Days picked by pressing them, each a toggle button (aria-pressed); a pressed day is added last.
export function DayToggles({
  days,
  selected,
  onChange,
  buttonClassName,
}: {
  days: readonly DayChoice[];
  selected: readonly number[];
  onChange: (days: number[]) => void;
  buttonClassName?: string;
}) {
  return (
    <div className="flex flex-wrap gap-1.5">
      {days.map((d) => {
        const on = selected.includes(d.value);
        return (
          <button
            key={d.value}
            type="button"
            aria-pressed={on}
            onClick={() => onChange(on ? selected.filter((s) => s !== d.value) : [...selected, d.value])}
            className={cn(
              "min-w-11 border px-2 font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
              on ? "border-primary bg-primary text-primary-foreground" : "hover:bg-muted",
              buttonClassName,
            )}
          >
            {d.label}
          </button>
        );
      })}
    </div>
  );
}
