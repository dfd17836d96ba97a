import { KeyRound } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { AUTH_TEXTS as PX } from "@shared/texts/auth";
import { changePasswordSchema } from "@shared/schemas/passwords";
import { Button } from "@web/components/ui/button";
import { Field, FieldError } from "@web/components/ui/field";
import { Input } from "@web/components/ui/input";
import { serverMessage } from "@web/lib/server-error";
import { toast } from "@web/lib/toast-store";
import { useChangePassword } from "../api/change-password";

const EMPTY = { currentPassword: "", newPassword: "", confirm: "" };

// "Cambia password": the current password, the new one twice. The server also refuses common and
// breached passwords and says why; the other sessions are closed.
export function ChangePasswordForm({ onDone }: { onDone?: () => void }) {
  const [values, setValues] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const change = useChangePassword();
  const id = useId();

  const set = (key: keyof typeof EMPTY, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setError(null);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = changePasswordSchema.safeParse({ currentPassword: values.currentPassword, newPassword: values.newPassword });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? PX.tooShort);
    if (values.newPassword !== values.confirm) return setError(PX.mismatch);
    change.mutate(parsed.data, {
      onSuccess: () => {
        setValues(EMPTY);
        toast({ title: PX.changed, description: PX.changedDescription, variant: "success" });
        onDone?.();
      },
      onError: (err) => setError(serverMessage(err, PX.currentWrong)),
    });
  };

  return (
    <form className="grid gap-3" onSubmit={onSubmit} noValidate data-testid="change-password-form">
      <Field label={PX.currentLabel} htmlFor={`${id}-current`}>
        <Input id={`${id}-current`} name="currentPassword" type="password" autoComplete="current-password" value={values.currentPassword} onChange={(e) => set("currentPassword", e.target.value)} />
      </Field>
      <Field label={PX.newLabel} htmlFor={`${id}-new`}>
        <Input id={`${id}-new`} name="newPassword" type="password" autoComplete="new-password" value={values.newPassword} onChange={(e) => set("newPassword", e.target.value)} />
      </Field>
      <Field label={PX.confirmLabel} htmlFor={`${id}-confirm`}>
        <Input id={`${id}-confirm`} name="confirmPassword" type="password" autoComplete="new-password" value={values.confirm} onChange={(e) => set("confirm", e.target.value)} />
      </Field>
      <FieldError>{error}</FieldError>
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={change.isPending}>
          <KeyRound aria-hidden />
          {change.isPending ? PX.submitting : PX.submit}
        </Button>
      </div>
    </form>
  );
}
