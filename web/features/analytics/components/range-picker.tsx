import { CalendarRange } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { ANALYTICS_TEXTS as UI } from "@shared/texts/analytics";
import { T } from "@shared/strings";
import { romeDay } from "@shared/rome-time";
import { Button } from "@web/components/ui/button";
import { FieldError, Label } from "@web/components/ui/field";
import { Input } from "@web/components/ui/input";
import { cn } from "@web/lib/cn";
import { checkCustomRange, RANGE_PRESETS, rangeLength, type DayRange, type RangePreset } from "../lib/date-range";
import { fullDay } from "@web/lib/chart-scale";

export type RangeSelection = { preset: RangePreset; range: DayRange } | { preset: "custom"; range: DayRange };

const PRESET_LABELS: Record<RangePreset, string> = { 7: UI.last7, 30: UI.last30, 90: UI.last90 };

// One day of the custom period; errorId names the period's error once it has one.
function DayField({
  id,
  label,
  value,
  max,
  onChange,
  errorId,
  testId,
}: {
  id: string;
  label: string;
  value: string;
  max: string;
  onChange: (value: string) => void;
  errorId: string | undefined;
  testId: string;
}) {
  return (
    <div className="grid grid-cols-1 gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="date"
        value={value}
        max={max}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={!!errorId}
        aria-describedby={errorId}
        className="w-40"
        data-testid={testId}
      />
    </div>
  );
}

// Last 7/30/90 Rome days, or a custom start and end (no future days, end not before start, ≤ 92 days).
export function RangePicker({
  selection,
  onPreset,
  onCustom,
  now,
}: {
  selection: RangeSelection;
  onPreset: (preset: RangePreset) => void;
  onCustom: (range: DayRange) => void;
  now: Date;
}) {
  const id = useId();
  const [customOpen, setCustomOpen] = useState(selection.preset === "custom");
  const [start, setStart] = useState(selection.range.startDate);
  const [end, setEnd] = useState(selection.range.endDate);
  const [error, setError] = useState<string | null>(null);
  const today = romeDay(now);

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkCustomRange(start, end, now);
    if (!checked.ok) {
      setError(checked.error);
      return;
    }
    setError(null);
    onCustom(checked.range);
  };

  const pick = (preset: RangePreset) => {
    setCustomOpen(false);
    setError(null);
    onPreset(preset);
  };

  const active = customOpen ? "custom" : selection.preset;
  return (
    <div className="grid grid-cols-1 gap-3" data-testid="range-picker">
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label={UI.periodLabel}>
        {RANGE_PRESETS.map((preset) => (
          <Button
            key={preset}
            size="sm"
            variant={active === preset ? "default" : "outline"}
            aria-pressed={active === preset}
            onClick={() => pick(preset)}
            data-testid={`range-preset-${preset}`}
          >
            {PRESET_LABELS[preset]}
          </Button>
        ))}
        <Button
          size="sm"
          variant={active === "custom" ? "default" : "outline"}
          aria-pressed={active === "custom"}
          aria-expanded={customOpen}
          aria-controls={`${id}-custom`}
          onClick={() => {
            setStart(selection.range.startDate);
            setEnd(selection.range.endDate);
            setCustomOpen(true);
          }}
          data-testid="range-custom"
        >
          <CalendarRange aria-hidden />
          {UI.custom}
        </Button>
      </div>
      {customOpen ? (
        <form id={`${id}-custom`} className="flex flex-wrap items-end gap-3" onSubmit={apply} noValidate>
          <DayField id={`${id}-start`} label={T.startDate} value={start} max={today} onChange={setStart} errorId={error ? `${id}-error` : undefined} testId="range-start" />
          <DayField id={`${id}-end`} label={T.endDate} value={end} max={today} onChange={setEnd} errorId={error ? `${id}-error` : undefined} testId="range-end" />
          <Button type="submit" size="default" data-testid="range-apply">
            {UI.apply}
          </Button>
          <div className="basis-full">
            <FieldError id={`${id}-error`}>{error}</FieldError>
          </div>
        </form>
      ) : null}
      <p className={cn("text-xs text-muted-foreground")} data-testid="range-summary">
        {UI.rangeSummary(fullDay(selection.range.startDate), fullDay(selection.range.endDate), rangeLength(selection.range))}
      </p>
    </div>
  );
}
