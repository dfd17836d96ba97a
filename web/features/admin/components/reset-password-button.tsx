import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { AUTH_TEXTS as PX } from "@shared/texts/auth";
import { resetPasswordSchema } from "@shared/schemas/passwords";
import type { AdminUser } from "@shared/schemas/admin";
import { FormDialog } from "@web/components/form-dialog";
import { Button } from "@web/components/ui/button";
import { Form, FormField, FormFooter } from "@web/components/ui/form";
import { Input } from "@web/components/ui/input";
import { serverMessage } from "@web/lib/server-error";
import { toast } from "@web/lib/toast-store";
import { useResetPassword } from "../api/reset-password";

interface Values {
  password: string;
}

// A temporary password for another user; they choose their own at next sign-in. One's own password is
// changed in Configurazione instead.
export function ResetPasswordButton({ user, self }: { user: AdminUser; self: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="outline" disabled={self} title={self ? PX.resetOwn : undefined} onClick={() => setOpen(true)} data-testid="reset-password">
        <KeyRound aria-hidden />
        {PX.resetAction}
      </Button>
      <ResetPasswordDialog user={user} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

function ResetPasswordDialog({ user, open, onClose }: { user: AdminUser; open: boolean; onClose: () => void }) {
  const reset = useResetPassword({
    onSuccess: () => {
      toast({ title: PX.resetDone, description: user.email, variant: "success" });
      onClose();
    },
  });
  return (
    <FormDialog open={open} pending={reset.isPending} onClose={onClose} title={PX.resetTitle} description={`${user.email}: ${PX.resetDescription}`}>
      <ResetPasswordForm user={user} reset={reset} onClose={onClose} />
    </FormDialog>
  );
}

function ResetPasswordForm({ user, reset, onClose }: { user: AdminUser; reset: ReturnType<typeof useResetPassword>; onClose: () => void }) {
  const form = useForm<Values>({ defaultValues: { password: "" }, resolver: zodResolver(resetPasswordSchema) });
  const onSubmit = ({ password }: Values) =>
    reset.mutate(
      { userId: user.id, password },
      // The server's refusal (a common password, say) goes under the field.
      { onError: (err) => form.setError("password", { type: "server", message: serverMessage(err, PX.resetErrorDefault) }) },
    );
  return (
    <Form form={form} onSubmit={onSubmit} data-testid="reset-password-form">
      <FormField<Values, "password"> name="password" label={PX.newLabel}>
        {(field) => <Input {...field} type="password" autoComplete="new-password" />}
      </FormField>
      <FormFooter pending={reset.isPending} onCancel={onClose} submitLabel={PX.resetAction} size="sm" />
    </Form>
  );
}
