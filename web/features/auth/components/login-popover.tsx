import { useLocation, useRouter } from "@tanstack/react-router";
import { LogIn } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { AUTH_TEXTS } from "@shared/texts/auth";
import { T } from "@shared/strings";
import { Button } from "@web/components/ui/button";
import { Field } from "@web/components/ui/field";
import { Input } from "@web/components/ui/input";
import { Popover, PopoverContent, PopoverTrigger } from "@web/components/ui/popover";
import { parseServerError } from "@web/lib/server-error";
import { toast } from "@web/lib/toast-store";
import { useLogin } from "../api/login";

function loginFailureText(err: unknown): string {
  const { status, message } = parseServerError(err);
  if (status === 401) return AUTH_TEXTS.loginError;
  if (status === 429) return message ?? AUTH_TEXTS.loginTooMany;
  return message ?? AUTH_TEXTS.loginError;
}

export function LoginPopover() {
  const location = useLocation();
  const router = useRouter();
  const search = location.search as Record<string, unknown>;
  // /api/login redirects to /?login=1: the start buttons land here with the form open.
  const [open, setOpen] = useState(() => String(search.login ?? "") === "1");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const loginMutation = useLogin({
    onSuccess: () => {
      toast({ title: AUTH_TEXTS.loginSuccess, variant: "success" });
      setOpen(false);
      if ("login" in search) router.history.replace(location.pathname);
    },
    onError: (err) => {
      const text = loginFailureText(err);
      setError(text);
      toast({ title: AUTH_TEXTS.loginErrorTitle, description: text, variant: "destructive" });
    },
  });
  const id = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!email.trim() || !password) return;
    setError(null);
    loginMutation.mutate({ email: email.trim(), password });
  };

  const submitting = loginMutation.isPending;
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button>
          <LogIn aria-hidden />
          {AUTH_TEXTS.login}
        </Button>
      </PopoverTrigger>
      <PopoverContent aria-label={AUTH_TEXTS.login}>
        <form className="grid gap-4" onSubmit={onSubmit}>
          <p className="text-base font-semibold">{AUTH_TEXTS.login}</p>
          <Field label={T.loginEmail} htmlFor={`${id}-email`}>
            <Input
              id={`${id}-email`}
              name="email"
              type="email"
              autoComplete="username"
              placeholder={T.emailPlaceholder}
              required
              autoFocus
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </Field>
          <Field label={T.loginPassword} htmlFor={`${id}-password`}>
            <Input
              id={`${id}-password`}
              name="password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </Field>
          {error ? (
            <p role="alert" className="rounded-lg bg-destructive/10 px-3 py-2 text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <Button type="submit" disabled={submitting} className="w-full">
            {submitting ? AUTH_TEXTS.loginSubmitting : AUTH_TEXTS.loginSubmit}
          </Button>
        </form>
      </PopoverContent>
    </Popover>
  );
}
