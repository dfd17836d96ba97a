import { Plus, Search } from "lucide-react";
import { useId } from "react";
import { Button } from "./ui/button";
import { ItemOptions, Input, NativeSelect } from "./ui/input";

// The bar above a searchable list (prompts, memories): a search box, one filter select whose first option
// shows everything, the "new" button, and the count of what is shown (null while the list is not read).
export interface SearchFilterToolbarProps {
  search: { label: string; placeholder: string; value: string; onChange: (value: string) => void; testId?: string };
  filter: {
    label: string;
    value: string;
    onChange: (value: string) => void;
    allValue: string;
    allLabel: string;
    options: readonly string[];
    optionLabel: (option: string) => string;
    className: string;
    testId?: string;
  };
  newLabel: string;
  onNew: () => void;
  count: string | null;
  countTestId?: string;
}

export function SearchFilterToolbar({ search, filter, newLabel, onNew, count, countTestId }: SearchFilterToolbarProps) {
  const id = useId();
  return (
    <div className="grid gap-3 md:flex md:items-center">
      <div className="relative md:max-w-sm md:flex-1">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input
          type="search"
          aria-label={search.label}
          placeholder={search.placeholder}
          className="pl-9"
          value={search.value}
          onChange={(e) => search.onChange(e.target.value)}
          data-testid={search.testId}
        />
      </div>
      <div className="flex items-center gap-3 md:contents">
        <label htmlFor={`${id}-filter`} className="sr-only">
          {filter.label}
        </label>
        <NativeSelect id={`${id}-filter`} className={filter.className} value={filter.value} onChange={(e) => filter.onChange(e.target.value)} data-testid={filter.testId}>
          <option value={filter.allValue}>{filter.allLabel}</option>
          <ItemOptions items={filter.options} value={(option) => option} label={filter.optionLabel} />
        </NativeSelect>
        <Button onClick={onNew} className="md:order-last md:ml-auto">
          <Plus aria-hidden />
          {newLabel}
        </Button>
      </div>
      {count !== null ? (
        <p className="text-sm text-muted-foreground" aria-live="polite" data-testid={countTestId}>
          {count}
        </p>
      ) : null}
    </div>
  );
}
