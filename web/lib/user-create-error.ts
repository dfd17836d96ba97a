import { parseServerError } from "./server-error";
import { toast } from "./toast-store";

// A 409 (or a message saying so) belongs under the e-mail field rather than in a toast.
export function isEmailInUse(message: string | null | undefined): boolean {
  return !!message && (message.includes("già in uso") || message.includes("already exists"));
}

// A refused new user: "already in use" goes under the e-mail field, any other reason into a toast
// (the server's sentence, or `fallback`).
export function showUserCreateError(
  err: unknown,
  setEmailError: (message: string) => void,
  texts: { emailInUse: string; title: string; fallback: string },
) {
  const { message } = parseServerError(err);
  if (isEmailInUse(message)) setEmailError(texts.emailInUse);
  else toast({ title: texts.title, description: message ?? texts.fallback, variant: "destructive" });
}
