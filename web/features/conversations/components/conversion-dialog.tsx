import { BadgeEuro } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { formatRomeDateTime } from "@shared/rome-format";
import { type ApiConversationConversion } from "@shared/schemas/lead-sources";
import type { ApiConversation } from "@shared/schemas/conversations";
import { LEAD_TEXTS as TX } from "@shared/texts/leads";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@web/components/ui/dialog";
import { type Checked, Form, FormField, validatorResolver } from "@web/components/ui/form";
import { Input } from "@web/components/ui/input";
import { Spinner } from "@web/components/ui/spinner";
import { serverMessage } from "@web/lib/server-error";
import { toast } from "@web/lib/toast-store";
import { euroInputText, formatEur, parseEuros } from "@web/lib/euros";
import { useConversationConversion, useSetConversationConversion } from "../api/conversion";


interface Values {
  dealValue: string;
}

// Euros as typed ("1.250,50"), refused before anything is sent when they are not euros with cents.
const resolver = validatorResolver((v: Values): Checked<number | null, keyof Values> => {
  const value = parseEuros(v.dealValue);
  return Number.isNaN(value) ? { ok: false, errors: { dealValue: TX.dealValueInvalid } } : { ok: true, body: value };
});

function ConversionForm({ conversation, state, onDone }: { conversation: ApiConversation; state: ApiConversationConversion; onDone: () => void }) {
  const form = useForm<Values, unknown, number | null>({ defaultValues: { dealValue: euroInputText(state.dealValue) }, resolver });
  const save = useSetConversationConversion(conversation.id, {
    onSuccess: (saved) => {
      toast({ title: saved?.converted ? TX.conversionSaved : TX.conversionUndone, variant: "success" });
      onDone();
    },
  });
  return (
    <Form form={form} onSubmit={(dealValue) => save.mutate({ id: conversation.id, converted: true, dealValue })} className="gap-3!" data-testid="conversion-form">
      {state.converted && state.convertedAt ? (
        <p className="text-sm text-muted-foreground" data-testid="conversion-state">
          {TX.conversionConvertedAt(formatRomeDateTime(state.convertedAt))}
        </p>
      ) : null}
      <FormField<Values, "dealValue"> name="dealValue" label={TX.dealValueLabel} hint={TX.dealValueHint}>
        {(field) => <Input {...field} inputMode="decimal" placeholder="0,00" data-testid="conversion-value" />}
      </FormField>
      <DialogFooter className="gap-2">
        {state.converted ? (
          <Button type="button" variant="outline" disabled={save.isPending} onClick={() => save.mutate({ id: conversation.id, converted: false })} data-testid="conversion-undo">
            {TX.conversionUndo}
          </Button>
        ) : null}
        <Button type="submit" disabled={save.isPending} data-testid="conversion-save">
          {TX.conversionSave}
        </Button>
      </DialogFooter>
    </Form>
  );
}

// The chat's sale: the customer marked converted with the deal value, which Analytics and the
// dashboard count as revenue. The button shows whether the customer is converted; opening the dialog
// reads the state again, as another operator may have changed it.
export function ConversionDialog({ conversation }: { conversation: ApiConversation }) {
  const [open, setOpen] = useState(false);
  const state = useConversationConversion(conversation.id);
  const converted = state.data?.converted ?? false;
  const label = converted && state.data ? `${TX.conversionAction}: ${formatEur(state.data.dealValue ?? 0)}` : TX.conversionMark;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) void state.refetch();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon-sm" aria-label={label} title={label} aria-pressed={converted} data-testid="conversion">
          <BadgeEuro aria-hidden className={converted ? "text-success" : undefined} />
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{TX.conversionTitle}</DialogTitle>
          <DialogDescription>{TX.conversionDescription}</DialogDescription>
        </DialogHeader>
        {state.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {serverMessage(state.error, TX.conversionLoadError)}
          </p>
        ) : state.data ? (
          // Keyed by the saved state, so the field starts from the stored value each time.
          <ConversionForm key={`${state.data.leadId}:${state.data.dealValue}:${state.data.status}`} conversation={conversation} state={state.data} onDone={() => setOpen(false)} />
        ) : (
          <Spinner />
        )}
      </DialogContent>
    </Dialog>
  );
}
