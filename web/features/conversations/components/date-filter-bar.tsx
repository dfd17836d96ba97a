import { useId, useState } from "react";
import { CONVERSATION_TEXTS as TX } from "@shared/texts/conversations";
import { Button } from "@web/components/ui/button";
import { FieldError, Label } from "@web/components/ui/field";
import { Input, ItemOptions, NativeSelect } from "@web/components/ui/input";
import { romeDay } from "@web/lib/conversation-format";
import { customRange, presetRange, type DatePreset, type DateRange } from "../lib/date-filter";

const PRESETS: { value: DatePreset; label: string }[] = [
  { value: "all", label: TX.dateAll },
  { value: "today", label: TX.dateToday },
  { value: "yesterday", label: TX.dateYesterday },
  { value: "custom", label: TX.dateCustom },
];

function DateInput({ id, name, label, min, max, value, invalid, onChange }: { id: string; name: string; label: string; min?: string; max: string; value: string; invalid: boolean; onChange: (value: string) => void }) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      <Input id={id} type="date" name={name} min={min} max={max} value={value} aria-invalid={invalid} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

// All dates, today, yesterday (Rome days), or a custom range applied with 'Applica filtro'.
export function DateFilterBar({ onChange }: { onChange: (range: DateRange) => void }) {
  const id = useId();
  const [preset, setPreset] = useState<DatePreset>("all");
  const [start, setStart] = useState("");
  const [end, setEnd] = useState("");
  const [error, setError] = useState<string | null>(null);
  const today = romeDay(new Date());

  const apply = () => {
    const result = customRange(start, end);
    if ("error" in result) {
      setError(result.error);
      return;
    }
    setError(null);
    onChange(result.range);
  };

  return (
    <div className="grid gap-2">
      <Label htmlFor={`${id}-preset`} className="sr-only">
        {TX.dateFilterLabel}
      </Label>
      <NativeSelect
        id={`${id}-preset`}
        data-testid="date-filter"
        value={preset}
        onChange={(e) => {
          const next = e.target.value as DatePreset;
          setPreset(next);
          setError(null);
          if (next !== "custom") onChange(presetRange(next));
        }}
      >
        <ItemOptions items={PRESETS} value={(p) => p.value} label={(p) => p.label} />
      </NativeSelect>
      {preset === "custom" ? (
        <div className="grid gap-2" data-testid="custom-range">
          <div className="grid grid-cols-2 gap-2">
            <DateInput id={`${id}-start`} name="start" label={TX.dateStart} max={end && end < today ? end : today} value={start} invalid={!!error} onChange={setStart} />
            <DateInput id={`${id}-end`} name="end" label={TX.dateEnd} min={start || undefined} max={today} value={end} invalid={!!error} onChange={setEnd} />
          </div>
          <FieldError>{error}</FieldError>
          <Button size="sm" variant="secondary" onClick={apply} data-testid="apply-date-filter">
            {TX.applyFilter}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
