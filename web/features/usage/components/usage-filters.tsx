import { RotateCcw } from "lucide-react";
import { useId } from "react";
import { USAGE_TEXTS as TX } from "@shared/texts/usage";
import { romeDay } from "@shared/rome-time";
import { OPERATION_TYPES, USAGE_PAGE_SIZES } from "@shared/schemas/ai-usage";
import { T } from "@shared/strings";
import { Button } from "@web/components/ui/button";
import { Field } from "@web/components/ui/field";
import { Input, NativeSelect } from "@web/components/ui/input";
import { isFiltered, operationLabel, USAGE_FILTER_MODELS, usageModelLabel, type UsageFilterValues } from "../lib/usage-format";

export function UsageFilters({
  value,
  onChange,
  error,
}: {
  value: UsageFilterValues;
  onChange: (next: UsageFilterValues) => void;
  error: string | null;
}) {
  const id = useId();
  const today = romeDay(Date.now());
  const set = <K extends keyof UsageFilterValues>(key: K, v: UsageFilterValues[K]) => onChange({ ...value, [key]: v });
  return (
    <div className="grid gap-3">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto]">
        <Field label={T.startDate} htmlFor={`${id}-start`}>
          <Input
            id={`${id}-start`}
            type="date"
            max={value.endDate || today}
            value={value.startDate}
            onChange={(e) => set("startDate", e.target.value)}
            data-testid="usage-start-date"
          />
        </Field>
        <Field label={T.endDate} htmlFor={`${id}-end`} error={error ?? undefined}>
          <Input
            id={`${id}-end`}
            type="date"
            min={value.startDate || undefined}
            max={today}
            value={value.endDate}
            aria-invalid={!!error}
            aria-describedby={error ? `${id}-end-error` : undefined}
            onChange={(e) => set("endDate", e.target.value)}
            data-testid="usage-end-date"
          />
        </Field>
        <Field label={TX.modelFilter} htmlFor={`${id}-model`}>
          <NativeSelect id={`${id}-model`} value={value.model} onChange={(e) => set("model", e.target.value)} data-testid="usage-model-filter">
            <option value="">{TX.allModels}</option>
            {USAGE_FILTER_MODELS.map((m) => (
              <option key={m} value={m}>
                {usageModelLabel(m)}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label={TX.operationFilter} htmlFor={`${id}-operation`}>
          <NativeSelect
            id={`${id}-operation`}
            value={value.operationType}
            onChange={(e) => set("operationType", e.target.value)}
            data-testid="usage-operation-filter"
          >
            <option value="">{TX.allOperations}</option>
            {OPERATION_TYPES.map((op) => (
              <option key={op} value={op}>
                {operationLabel(op)}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <div className="col-span-2 flex items-end justify-between gap-3 lg:col-span-1">
          <Field label={TX.pageSize} htmlFor={`${id}-limit`} className="w-28">
            <NativeSelect
              id={`${id}-limit`}
              value={value.limit}
              onChange={(e) => set("limit", Number(e.target.value))}
              data-testid="usage-page-size"
            >
              {USAGE_PAGE_SIZES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </NativeSelect>
          </Field>
          {isFiltered(value) ? (
            <Button
              variant="ghost"
              onClick={() => onChange({ ...value, startDate: "", endDate: "", model: "", operationType: "" })}
            >
              <RotateCcw aria-hidden />
              {TX.resetFilters}
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
