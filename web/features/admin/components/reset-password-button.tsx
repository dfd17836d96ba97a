import { KeyRound } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { PASSWORD_TEXTS as PX, resetPasswordSchema } from "@shared/schemas/passwords";
import type { AdminUser } from "@shared/schemas/admin";
import { T } from "@shared/strings";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Field, FieldError } from "@web/components/ui/field";
import { Input } from "@web/components/ui/input";
import { serverMessage } from "@web/lib/server-error";
import { toast } from "@web/lib/toast-store";
import { useResetPassword } from "../api/reset-password";

// A temporary password for another user; they choose their own at next sign-in. One's own password is
// changed in Configurazione instead.
export function ResetPasswordButton({ user, self }: { user: AdminUser; self: boolean }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const reset = useResetPassword({
    onSuccess: () => {
      toast({ title: PX.resetDone, description: user.email, variant: "success" });
      setOpen(false);
      setPassword("");
    },
    onError: (err) => setError(serverMessage(err, PX.resetErrorDefault)),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = resetPasswordSchema.safeParse({ password });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? PX.tooShort);
    reset.mutate({ userId: user.id, password: parsed.data.password });
  };

  return (
    <>
      <Button size="sm" variant="outline" disabled={self} title={self ? PX.resetOwn : undefined} onClick={() => setOpen(true)} data-testid="reset-password">
        <KeyRound aria-hidden />
        {PX.resetAction}
      </Button>
      <Dialog open={open} onOpenChange={(next) => !reset.isPending && setOpen(next)}>
        <DialogContent>
          <form className="grid gap-4" onSubmit={onSubmit} noValidate data-testid="reset-password-form">
            <DialogHeader>
              <DialogTitle>{PX.resetTitle}</DialogTitle>
              <DialogDescription>
                {user.email}: {PX.resetDescription}
              </DialogDescription>
            </DialogHeader>
            <Field label={PX.newLabel} htmlFor={`${id}-password`}>
              <Input
                id={`${id}-password`}
                name="password"
                type="password"
                autoComplete="new-password"
                value={password}
                onChange={(e) => {
                  setPassword(e.target.value);
                  setError(null);
                }}
              />
            </Field>
            <FieldError>{error}</FieldError>
            <DialogFooter>
              <Button variant="outline" size="sm" onClick={() => setOpen(false)} disabled={reset.isPending}>
                {T.cancel}
              </Button>
              <Button type="submit" size="sm" disabled={reset.isPending}>
                {PX.resetAction}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
