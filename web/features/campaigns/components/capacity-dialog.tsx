import type { ReactNode } from "react";
import { CAMPAIGN_TEXTS as TX } from "@shared/texts/campaigns";
import { T } from "@shared/strings";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { serverMessage } from "@web/lib/server-error";
import { useCapacity } from "../api/get-capacity";
import { romeDateTime } from "../lib/format";
import { PendingLine } from "./pending-line";

function Figure({ label, value, hint, testId }: { label: string; value: ReactNode; hint?: string; testId: string }) {
  return (
    <div className="grid content-start gap-0.5 rounded-lg border bg-muted/30 px-3 py-2" data-testid={testId}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-base font-semibold tabular-nums">{value}</dd>
      {hint ? <dd className="text-xs text-muted-foreground">{hint}</dd> : null}
    </div>
  );
}

// Before a campaign first goes live: how many messages, at what rate, who is skipped and when the first wave ends.
export function CapacityDialog({
  campaign,
  onConfirm,
  onClose,
}: {
  campaign: { id: string; name: string } | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const capacity = useCapacity(campaign?.id ?? null);
  const data = capacity.data;

  let body;
  if (capacity.isPending) {
    body = <PendingLine text={TX.capacityLoading} />;
  } else if (capacity.isError || !data) {
    body = (
      <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm font-medium text-destructive">
        {serverMessage(capacity.error, TX.capacityError)}
      </p>
    );
  } else {
    body = (
      <dl className="grid gap-2 sm:grid-cols-2">
        <Figure testId="capacity-recipients" label={TX.capacityRecipients} value={data.recipients.toLocaleString("it-IT")} />
        <Figure testId="capacity-messages" label={TX.capacityMessages} value={data.messages.toLocaleString("it-IT")} hint={TX.capacityMessagesHint} />
        <Figure testId="capacity-rate" label={TX.capacityRate} value={TX.rate(data.messagesPerSecond)} />
        <Figure
          testId="capacity-skipped"
          label={TX.capacitySkipped}
          value={(data.skippedOptedOut + data.skippedOperator).toLocaleString("it-IT")}
          hint={TX.skippedDetail(data.skippedOptedOut, data.skippedOperator)}
        />
        <Figure testId="capacity-first" label={TX.capacityFirstSend} value={romeDateTime(data.firstSendAt)} hint={TX.romeTime} />
        <Figure testId="capacity-finishes" label={TX.capacityFinishes} value={romeDateTime(data.finishesAt)} hint={TX.romeTime} />
      </dl>
    );
  }

  return (
    <Dialog open={campaign !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{TX.capacityTitle}</DialogTitle>
          <DialogDescription>{campaign ? TX.capacityDescription(campaign.name) : null}</DialogDescription>
        </DialogHeader>
        {body}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {T.cancel}
          </Button>
          <Button onClick={onConfirm} disabled={capacity.isPending} data-testid="capacity-confirm">
            {TX.capacityConfirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
