import { Check } from "lucide-react";
import { CATEGORY_LABELS } from "@shared/constants";
import type { ProviderTemplate } from "@shared/sandbox-templates";
import { cn } from "@web/lib/cn";
import { isSelectable } from "../lib/template-test";
import { TemplateStatusBadge } from "./status-badge";

// Every template of the active account with its status; only approved ones can be picked.
export function TemplateList({
  templates,
  selectedSid,
  onSelect,
}: {
  templates: readonly ProviderTemplate[];
  selectedSid: string;
  onSelect: (sid: string) => void;
}) {
  return (
    <ul className="grid grid-cols-1 gap-2" data-testid="template-list">
      {templates.map((t) => {
        const selectable = isSelectable(t);
        const selected = t.sid === selectedSid;
        return (
          <li key={t.sid}>
            <button
              type="button"
              disabled={!selectable}
              aria-pressed={selected}
              onClick={() => onSelect(t.sid)}
              data-testid="template-option"
              className={cn(
                "grid w-full grid-cols-1 gap-1.5 rounded-lg border p-3 text-left transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                selected ? "border-primary bg-primary/5 ring-1 ring-primary/40" : "bg-card hover:bg-muted/60",
                !selectable && "cursor-not-allowed opacity-60 hover:bg-card",
              )}
            >
              <span className="flex items-start justify-between gap-2">
                <span className="min-w-0">
                  <span className="flex items-center gap-1.5 truncate text-sm font-semibold">
                    {selected ? <Check className="size-4 shrink-0 text-primary" aria-hidden /> : null}
                    {t.friendlyName}
                  </span>
                  <span className="block truncate font-mono text-[11px] text-muted-foreground">
                    {t.sid} · {t.language}
                    {t.category ? ` · ${CATEGORY_LABELS[t.category] ?? t.category}` : ""}
                  </span>
                </span>
                <TemplateStatusBadge status={t.status} />
              </span>
              <span className="line-clamp-2 text-xs text-muted-foreground">{t.bodyText}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
