import { Globe, Lock } from "lucide-react";
import { MEMORY_VISIBILITIES, type MemoryVisibility } from "@shared/schemas/memories";
import { MEMORY_TEXTS as TX } from "@shared/texts/memories";
import { cn } from "@web/lib/cn";

const TEXTS: Record<MemoryVisibility, string> = { private: TX.visibilityPrivate, public: TX.visibilityPublic };

export function VisibilityField({ value, onChange, name }: { value: MemoryVisibility; onChange: (v: MemoryVisibility) => void; name: string }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium leading-none">{TX.visibilityLabel}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {MEMORY_VISIBILITIES.map((v) => {
          const Icon = v === "private" ? Lock : Globe;
          return (
            <label
              key={v}
              className={cn(
                "flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
                value === v ? "border-primary bg-primary/5" : "hover:bg-muted",
              )}
            >
              <input type="radio" name={name} value={v} checked={value === v} onChange={() => onChange(v)} className="sr-only" />
              <Icon className={cn("mt-0.5 size-4 shrink-0", value === v ? "text-primary" : "text-muted-foreground")} aria-hidden />
              <span className="grid gap-0.5">
                <span className="font-medium">{TX.visibilityNames[v]}</span>
                <span className="text-xs text-muted-foreground">{TEXTS[v]}</span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
