import type { ApiLabel } from "@shared/schemas/conversations";
import { cn } from "@web/lib/cn";
import { LABEL_CHIP } from "../lib/label-colors";

export function LabelChip({ label }: { label: ApiLabel }) {
  return (
    <span className={cn("inline-flex max-w-32 items-center truncate rounded-full border px-1.5 py-px text-[10px] font-medium", LABEL_CHIP[label.color])} data-testid="label-chip">
      {label.name}
    </span>
  );
}

// The conversation's labels, in the account's order; ids of deleted labels are skipped.
export function LabelChips({ labelIds, labels }: { labelIds: string[] | undefined; labels: ApiLabel[] }) {
  const shown = labels.filter((l) => labelIds?.includes(l.id));
  if (shown.length === 0) return null;
  return (
    <span className="flex flex-wrap gap-1">
      {shown.map((l) => (
        <LabelChip key={l.id} label={l} />
      ))}
    </span>
  );
}
