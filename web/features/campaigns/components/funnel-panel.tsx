import { Plus } from "lucide-react";
import { useState } from "react";
import { type ApiCampaign, type ApiFunnelStep, CAMPAIGN } from "@shared/schemas/campaigns";
import { CAMPAIGN_TEXTS as TX } from "@shared/texts/campaigns";
import { T } from "@shared/strings";
import { LoadErrorAlert } from "@web/components/load-error-alert";
import { Button } from "@web/components/ui/button";
import { toast } from "@web/lib/toast-store";
import { useDeleteFunnelStep } from "../api/delete-funnel-step";
import { useFunnel } from "../api/get-funnel";
import { FunnelChart } from "./funnel-chart";
import { FunnelStepRow } from "./funnel-step-row";
import { PendingLine } from "./pending-line";
import { StepDialog, type StepDialogState } from "./step-dialog";
import { useTemplateNames } from "./template-select";

export function FunnelPanel({ campaign, panelId }: { campaign: ApiCampaign; panelId: string }) {
  const funnel = useFunnel(campaign.id);
  const removal = useDeleteFunnelStep();
  const templateName = useTemplateNames();
  const [dialog, setDialog] = useState<StepDialogState>(null);
  const steps = funnel.data ?? [];

  const remove = (step: ApiFunnelStep) => {
    if (!window.confirm(TX.stepDeleteConfirm)) return;
    removal.mutate(
      { campaignId: campaign.id, stepId: step.id },
      {
        onSuccess: () => toast({ title: TX.stepDeleted, description: campaign.name, variant: "success" }),
      },
    );
  };

  let body;
  if (funnel.isPending) {
    body = <PendingLine text={T.loading} />;
  } else if (funnel.isError) {
    body = <LoadErrorAlert text={TX.loadError} onRetry={funnel.refetch} />;
  } else if (steps.length === 0) {
    body = <p className="rounded-lg border border-dashed px-3 py-5 text-center text-sm text-muted-foreground">{TX.noSteps}</p>;
  } else {
    body = (
      <>
        <ol className="grid gap-2" data-testid="funnel-steps">
          {steps.map((step) => (
            <FunnelStepRow
              key={step.id}
              step={step}
              templateName={templateName(step.templateSid)}
              disabled={removal.isPending}
              onEdit={() => setDialog({ mode: "edit", step })}
              onDelete={() => remove(step)}
            />
          ))}
        </ol>
        <FunnelChart steps={steps} />
      </>
    );
  }

  return (
    <section id={panelId} className="grid gap-3 border-t bg-muted/20 px-4 py-4 sm:px-5" aria-label={TX.funnelTitle} data-testid="funnel-panel">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="text-sm font-semibold">{TX.funnelTitle}</h4>
        <Button size="sm" onClick={() => setDialog({ mode: "create" })} disabled={funnel.isPending || steps.length >= CAMPAIGN.maxSteps}>
          <Plus aria-hidden />
          {TX.addStep}
        </Button>
      </div>
      {body}
      <StepDialog campaign={campaign} state={dialog} stepCount={steps.length} onClose={() => setDialog(null)} />
    </section>
  );
}
