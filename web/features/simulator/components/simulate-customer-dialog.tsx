import { useNavigate } from "@tanstack/react-router";
import { Smartphone } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { CONVERSATION_TEXTS as TX } from "@shared/texts/conversations";
import { SIMULATOR_TEXTS as SX } from "@shared/texts/simulator";
import { T } from "@shared/strings";
import { Button } from "@web/components/ui/button";
import { FormDialog } from "@web/components/form-dialog";
import { Form, FormFooter, FormField, validatorResolver } from "@web/components/ui/form";
import { Input } from "@web/components/ui/input";
import { Textarea } from "@web/components/ui/textarea";
import { useActiveAccount } from "@web/lib/queries/get-active-account";
import { serverMessage } from "@web/lib/server-error";
import { toast } from "@web/lib/toast-store";
import { simulateInbound, type SimulateInboundInput, useSimulation } from "../api/simulate-inbound";
import { emptySimulateForm, type SimulateFormValues as Values, validateSimulateForm } from "../lib/simulate-form";

function SimulateCustomerForm({ send, onClose }: { send: ReturnType<typeof useSimulation<SimulateInboundInput>>; onClose: () => void }) {
  const navigate = useNavigate();
  const form = useForm<Values, unknown, SimulateInboundInput>({ defaultValues: emptySimulateForm(), resolver: validatorResolver(validateSimulateForm) });
  const onSubmit = (input: SimulateInboundInput) =>
    send.mutate(input, {
      onSuccess: (result) => {
        onClose();
        if (result?.conversationId) void navigate({ to: "/chat/$id", params: { id: result.conversationId } });
      },
      // The server reads the number with the account's country; a number that cannot exist is shown on its field.
      onError: (err) => {
        const message = serverMessage(err, SX.error);
        if (message === TX.invalidNumber) form.setError("phoneNumber", { type: "server", message });
        else toast({ title: T.error, description: message, variant: "destructive" });
      },
    });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <FormField<Values, "phoneNumber"> name="phoneNumber" label={SX.customerPhoneLabel}>
        {(field) => <Input {...field} type="tel" inputMode="tel" placeholder={TX.phonePlaceholder} />}
      </FormField>
      <FormField<Values, "profileName"> name="profileName" label={SX.customerNameLabel}>
        {(field) => <Input {...field} maxLength={100} />}
      </FormField>
      <FormField<Values, "body"> name="body" label={SX.customerMessageLabel}>
        {(field) => <Textarea {...field} rows={3} maxLength={1600} className="resize-y" />}
      </FormField>
      <FormFooter onCancel={onClose} pending={send.isPending} submitTestId="simulate-submit" submitLabel={send.isPending ? TX.sending : SX.customerSubmit} />
    </Form>
  );
}

// A brand-new simulated chat: a customer of the sandbox account writes first.
function SimulateCustomerDialog() {
  const [open, setOpen] = useState(false);
  const send = useSimulation(simulateInbound, "inline");
  return (
    <FormDialog
      open={open}
      pending={send.isPending}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      title={SX.customerTitle}
      description={SX.customerDescription}
      trigger={
        <Button variant="soft" size="sm" className="w-full" data-testid="simulate-customer">
          <Smartphone aria-hidden />
          {SX.customerButton}
        </Button>
      }
    >
      <SimulateCustomerForm send={send} onClose={() => setOpen(false)} />
    </FormDialog>
  );
}

// Only sandbox accounts have a simulator.
export function SimulateCustomerButton() {
  const { data: account } = useActiveAccount();
  if (!account?.sandbox) return null;
  return <SimulateCustomerDialog />;
}
