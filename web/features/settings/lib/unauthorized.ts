import { SETTINGS_TEXTS as TX } from "@shared/texts/settings";
import { LOGIN_URL, UNAUTHORIZED_REDIRECT_MS } from "@shared/schemas/settings";
import { T } from "@shared/strings";
import { errorStatus } from "@web/lib/server-error";
import { toast } from "@web/lib/toast-store";

let redirecting = false;

// Spec part 2 "Settings": a signed-out user sees 'Non autorizzato', then goes to /api/login after 500 ms.
export function redirectToLogin(go: (url: string) => void = (url) => window.location.assign(url)) {
  if (redirecting) return;
  redirecting = true;
  toast({ title: T.unauthorized, description: TX.unauthorizedDescription, variant: "destructive" });
  setTimeout(() => {
    redirecting = false;
    go(LOGIN_URL);
  }, UNAUTHORIZED_REDIRECT_MS);
}

// Answers true when the failure was a 401 (and the redirect has started).
export function handledUnauthorized(err: unknown, go?: (url: string) => void): boolean {
  if (errorStatus(err) !== 401) return false;
  redirectToLogin(go);
  return true;
}
