import { useNavigate } from "@tanstack/react-router";
import { Smartphone } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { CONVERSATION_TEXTS as TX } from "@shared/conversation-texts";
import { T } from "@shared/strings";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@web/components/ui/dialog";
import { Field } from "@web/components/ui/field";
import { Input } from "@web/components/ui/input";
import { useActiveAccount } from "@web/lib/queries/get-active-account";
import { serverMessage } from "@web/lib/server-error";
import { toast } from "@web/lib/toast-store";
import { useSimulateInbound } from "../api/simulate-inbound";

interface Errors {
  phoneNumber?: string;
  body?: string;
}

// A brand-new simulated chat: a customer of the sandbox account writes first.
function SimulateCustomerDialog() {
  const id = useId();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [phoneNumber, setPhoneNumber] = useState("");
  const [profileName, setProfileName] = useState("");
  const [body, setBody] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const send = useSimulateInbound({
    onSuccess: (result) => {
      setOpen(false);
      setPhoneNumber("");
      setProfileName("");
      setBody("");
      if (result?.conversationId) void navigate({ to: "/chat/$id", params: { id: result.conversationId } });
    },
    // The server reads the number with the account's country; a number that cannot exist is shown on its field.
    onError: (err) => {
      const message = serverMessage(err, TX.simulatorError);
      if (message === TX.invalidNumber) setErrors({ phoneNumber: message });
      else toast({ title: T.error, description: message, variant: "destructive" });
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next: Errors = {};
    const phone = phoneNumber.trim();
    if (!phone) next.phoneNumber = TX.invalidNumber;
    if (!body.trim()) next.body = TX.blankMessage;
    setErrors(next);
    if (!phone || next.body) return;
    send.mutate({ phoneNumber: phone, body: body.trim(), ...(profileName.trim() ? { profileName: profileName.trim() } : {}) });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !send.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="soft" size="sm" className="w-full" data-testid="simulate-customer">
          <Smartphone aria-hidden />
          {TX.simulateCustomer}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{TX.simulateTitle}</DialogTitle>
          <DialogDescription>{TX.simulateDescription}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          <Field label={TX.simulatePhoneLabel} htmlFor={`${id}-phone`} error={errors.phoneNumber}>
            <Input
              id={`${id}-phone`}
              name="phoneNumber"
              type="tel"
              inputMode="tel"
              value={phoneNumber}
              placeholder={TX.phonePlaceholder}
              aria-invalid={!!errors.phoneNumber}
              aria-describedby={errors.phoneNumber ? `${id}-phone-error` : undefined}
              onChange={(e) => setPhoneNumber(e.target.value)}
            />
          </Field>
          <Field label={TX.simulateNameLabel} htmlFor={`${id}-name`}>
            <Input id={`${id}-name`} name="profileName" value={profileName} maxLength={100} onChange={(e) => setProfileName(e.target.value)} />
          </Field>
          <Field label={TX.simulateMessageLabel} htmlFor={`${id}-body`} error={errors.body}>
            <textarea
              id={`${id}-body`}
              name="body"
              rows={3}
              maxLength={1600}
              value={body}
              aria-invalid={!!errors.body}
              aria-describedby={errors.body ? `${id}-body-error` : undefined}
              onChange={(e) => setBody(e.target.value)}
              className="w-full resize-y rounded-lg border border-input bg-background px-3 py-2 text-sm shadow-sm placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive"
            />
          </Field>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)} disabled={send.isPending}>
              {T.cancel}
            </Button>
            <Button type="submit" disabled={send.isPending} data-testid="simulate-submit">
              {send.isPending ? TX.sending : TX.simulateSubmit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

// Only sandbox accounts have a simulator.
export function SimulateCustomerButton() {
  const { data: account } = useActiveAccount();
  if (!account?.sandbox) return null;
  return <SimulateCustomerDialog />;
}
