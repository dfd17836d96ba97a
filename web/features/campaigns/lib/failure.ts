import { parseServerError } from "@web/lib/server-error";
import { toast } from "@web/lib/toast-store";

// A failed call: the spec's title, and the server's reason underneath when it gave one.
export function failureToast(title: string, err: unknown) {
  toast({ title, description: parseServerError(err).message ?? undefined, variant: "destructive" });
}
