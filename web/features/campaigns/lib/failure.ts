import type { FieldValues, UseFormReturn } from "react-hook-form";
import { setServerErrors } from "@web/components/ui/form";
import { fieldErrorsFrom, parseServerError } from "@web/lib/server-error";
import { toast } from "@web/lib/toast-store";

// A failed call: the spec's title, and the server's reason underneath when it gave one.
export function failureToast(title: string, err: unknown) {
  toast({ title, description: parseServerError(err).message ?? undefined, variant: "destructive" });
}

// What a campaign's creation does next: the spec's toast with its name and the dialog closes, or the
// server's messages go on their fields (with `moreErrors`) and the failure toast says why.
export function creationCallbacks<TValues extends FieldValues>(
  form: Pick<UseFormReturn<TValues, unknown, never>, "setError">,
  name: string,
  texts: { created: string; failed: string },
  onClose: () => void,
  moreErrors: (err: unknown) => Record<string, string> = () => ({}),
) {
  return {
    onSuccess: () => {
      toast({ title: texts.created, description: name, variant: "success" });
      onClose();
    },
    onError: (err: unknown) => {
      setServerErrors(form, { ...fieldErrorsFrom(err), ...moreErrors(err) });
      failureToast(texts.failed, err);
    },
  };
}
