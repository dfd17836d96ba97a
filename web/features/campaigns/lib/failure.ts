import type { FieldValues, UseFormReturn } from "react-hook-form";
import { setServerErrors } from "@web/components/ui/form";
import { fieldErrorsFrom } from "@web/lib/server-error";
import { toast } from "@web/lib/toast-store";

// What a campaign's creation does next: the spec's toast with its name and the dialog closes, or the
// server's messages go on their fields (with `moreErrors`); the hook's failure toast says why.
export function creationCallbacks<TValues extends FieldValues>(
  form: Pick<UseFormReturn<TValues, unknown, never>, "setError">,
  name: string,
  created: string,
  onClose: () => void,
  moreErrors: (err: unknown) => Record<string, string> = () => ({}),
) {
  return {
    onSuccess: () => {
      toast({ title: created, description: name, variant: "success" });
      onClose();
    },
    onError: (err: unknown) => setServerErrors(form, { ...fieldErrorsFrom(err), ...moreErrors(err) }),
  };
}
