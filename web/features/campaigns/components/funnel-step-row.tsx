import { Pencil, Trash } from "lucide-react";
import { type ApiFunnelStep } from "@shared/schemas/campaigns";
import { CAMPAIGN_TEXTS as TX } from "@shared/texts/campaigns";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { stepTriggerText } from "../lib/format";

export function FunnelStepRow({
  step,
  templateName,
  disabled,
  onEdit,
  onDelete,
}: {
  step: ApiFunnelStep;
  templateName: string | null;
  disabled: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const isMessage = step.stepType === "message";
  return (
    <li className="flex items-start gap-3 rounded-lg border bg-card px-3 py-2.5" data-testid="funnel-step" data-step-id={step.id}>
      <span className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-primary/15 text-sm font-semibold text-primary tabular-nums" aria-label={TX.stepNumber(step.stepOrder)}>
        {step.stepOrder}
      </span>
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex flex-wrap items-center gap-1.5">
          <span className="min-w-0 truncate text-sm font-medium">{isMessage ? (templateName ?? step.templateSid) : TX.noTemplate}</span>
          <Badge variant={isMessage ? "outline" : "secondary"}>{TX.stepTypeLabels[step.stepType]}</Badge>
        </div>
        {isMessage && templateName ? <span className="truncate font-mono text-[11px] text-muted-foreground">{step.templateSid}</span> : null}
        <span className="text-xs text-muted-foreground" data-testid="step-trigger">
          {stepTriggerText(step)}
        </span>
      </div>
      <div className="flex shrink-0 gap-1">
        <Button variant="ghost" size="icon-sm" onClick={onEdit} disabled={disabled} aria-label={TX.editStep(step.stepOrder)}>
          <Pencil aria-hidden />
        </Button>
        <Button variant="ghost-destructive" size="icon-sm" onClick={onDelete} disabled={disabled} aria-label={TX.deleteStep(step.stepOrder)}>
          <Trash aria-hidden />
        </Button>
      </div>
    </li>
  );
}
