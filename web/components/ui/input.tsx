import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from "react";
import { cn } from "@web/lib/cn";

const fieldBase =
  "w-full rounded-lg border border-input bg-background px-3 text-sm text-foreground shadow-sm transition-colors placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive";

export function Input({ className, ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return <input className={cn(fieldBase, "h-10 py-2 file:mr-3 file:border-0 file:bg-transparent file:text-sm file:font-medium", className)} {...props} />;
}

export function NativeSelect({ className, children, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <select className={cn(fieldBase, "h-10 py-2 pr-8", className)} {...props}>
      {children}
    </select>
  );
}

// One <option> per item, its value and label read by the caller.
export function ItemOptions<TItem>({ items, value, label }: { items: readonly TItem[]; value: (item: TItem) => string; label: (item: TItem) => ReactNode }) {
  return items.map((item) => (
    <option key={value(item)} value={value(item)}>
      {label(item)}
    </option>
  ));
}

// One <option> per record: its id is the value, its name the label.
export function NamedOptions({ items }: { items: readonly { id: string; name: string }[] }) {
  return <ItemOptions items={items} value={(item) => item.id} label={(item) => item.name} />;
}

export function Checkbox({ className, ...props }: Omit<InputHTMLAttributes<HTMLInputElement>, "type">) {
  return <input type="checkbox" className={cn("size-4 rounded border-input accent-primary", className)} {...props} />;
}
