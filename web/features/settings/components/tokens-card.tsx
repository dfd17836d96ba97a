import { Copy, KeyRound, Pencil, Plus, WandSparkles } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { formatRomeDateTime } from "@shared/rome-format";
import { SETTINGS_TEXTS as TX } from "@shared/texts/settings";
import { type ApiToken, generateTokenValue } from "@shared/schemas/settings";
import { T } from "@shared/strings";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Form, FormField, FormFooter, useRootErrorClearedOnChange, validatorResolver } from "@web/components/ui/form";
import { Input } from "@web/components/ui/input";
import { Spinner } from "@web/components/ui/spinner";
import { Switch } from "@web/components/ui/switch";
import { toast } from "@web/lib/toast-store";
import { useCreateToken } from "../api/create-token";
import { useTokens } from "../api/get-tokens";
import { useUpdateToken } from "../api/update-token";
import { handledUnauthorized } from "../lib/unauthorized";
import { permissionsText, type TokenFormState, type TokenFormValues, tokenFormFrom, validateTokenForm } from "../lib/token-form";

const saveFailed = (err: unknown) => {
  if (handledUnauthorized(err)) return;
  toast({ title: T.error, description: TX.tokenSaveError, variant: "destructive" });
};

function TokenForm({ state, onClose }: { state: Exclude<TokenFormState, { mode: "closed" }>; onClose: () => void }) {
  const form = useForm<TokenFormValues, unknown, TokenFormValues>({
    defaultValues: tokenFormFrom(state),
    // The schema's first message is the form's own, shown once under both fields.
    resolver: validatorResolver((values: TokenFormValues) => {
      const checked = validateTokenForm(values);
      return checked.ok ? { ok: true, body: checked.data } : { ok: false, errors: { root: checked.error } };
    }),
  });
  const create = useCreateToken();
  const update = useUpdateToken();
  const pending = create.isPending || update.isPending;
  const values = form.watch();
  const error = form.formState.errors.root?.message;

  useRootErrorClearedOnChange(form);

  const done = () => {
    toast({ title: TX.tokenSaved, variant: "success" });
    onClose();
  };

  const onSubmit = (input: TokenFormValues) => {
    if (state.mode === "edit") update.mutate({ id: state.token.id, input }, { onSuccess: done, onError: saveFailed });
    else create.mutate(input, { onSuccess: done, onError: saveFailed });
  };

  const copy = async () => {
    if (!values.tokenRaw) return;
    await navigator.clipboard?.writeText(values.tokenRaw).catch(() => undefined);
    toast({ title: TX.copied });
  };

  return (
    <Form form={form} onSubmit={onSubmit} className="gap-3 rounded-lg border bg-muted/30 p-3 sm:p-4" data-testid="token-form">
      <p className="text-sm font-semibold">{state.mode === "edit" ? TX.editToken : TX.newToken}</p>
      <FormField<TokenFormValues, "name"> name="name" label={TX.tokenNameLabel}>
        {(field) => <Input {...field} name="tokenName" maxLength={100} aria-invalid={!!error && !values.name.trim()} />}
      </FormField>
      <FormField<TokenFormValues, "tokenRaw"> name="tokenRaw" label={TX.tokenValueLabel} hint={state.mode === "edit" ? TX.tokenEditHint : TX.tokenValueHint}>
        {(field) => (
          <div className="flex gap-2">
            {/* Read-only: only "Genera" changes the value. */}
            <Input
              {...field}
              onChange={undefined}
              autoComplete="off"
              spellCheck={false}
              readOnly
              className="font-mono"
              aria-invalid={!!error && !values.tokenRaw.trim()}
              onFocus={(e) => e.currentTarget.select()}
            />
            <Button variant="outline" size="icon" aria-label={TX.generateToken} title={TX.generateToken} onClick={() => form.setValue("tokenRaw", generateTokenValue())}>
              <WandSparkles aria-hidden />
            </Button>
            <Button variant="outline" size="icon" aria-label={T.copy} title={T.copy} onClick={() => void copy()} disabled={!values.tokenRaw}>
              <Copy aria-hidden />
            </Button>
          </div>
        )}
      </FormField>
      {error ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      <FormFooter pending={pending} onCancel={onClose} size="sm" />
    </Form>
  );
}

function TokenRow({ token, onEdit }: { token: ApiToken; onEdit: () => void }) {
  const update = useUpdateToken();
  const toggle = (isActive: boolean) => update.mutate({ id: token.id, input: { isActive } }, { onError: saveFailed });
  return (
    <li className="grid gap-2 px-3 py-3 sm:grid-cols-[1fr_auto] sm:items-center" data-testid="token-row">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <span className="truncate font-medium">{token.name}</span>
          <code className="rounded bg-muted px-1.5 py-0.5 text-xs">{token.tokenPrefix}</code>
          <Badge variant={token.isActive ? "success" : "secondary"}>{token.isActive ? T.active : TX.tokenInactive}</Badge>
        </div>
        <dl className="mt-1 grid gap-x-4 gap-y-0.5 text-xs text-muted-foreground sm:grid-cols-3">
          <div className="flex gap-1">
            <dt>{TX.permissions}:</dt>
            <dd className="text-foreground">{permissionsText(token.permissions, TX.notAvailable)}</dd>
          </div>
          <div className="flex gap-1">
            <dt>{TX.lastUsed}:</dt>
            <dd className="text-foreground">{token.lastUsedAt ? formatRomeDateTime(token.lastUsedAt) : TX.neverUsed}</dd>
          </div>
          {token.accountName ? (
            <div className="flex gap-1">
              <dt>{TX.account}:</dt>
              <dd className="truncate text-foreground">{token.accountName}</dd>
            </div>
          ) : null}
        </dl>
      </div>
      <div className="flex items-center gap-2">
        <Switch checked={token.isActive} onCheckedChange={toggle} disabled={update.isPending} aria-label={TX.toggleToken(token.name)} />
        <Button size="sm" variant="outline" onClick={onEdit}>
          <Pencil aria-hidden />
          {T.edit}
        </Button>
      </div>
    </li>
  );
}

export function TokensCard() {
  const { data: tokens, isPending, isError, refetch } = useTokens();
  const [form, setForm] = useState<TokenFormState>({ mode: "closed" });
  const formKey = form.mode === "edit" ? form.token.id : form.mode;

  return (
    <Card data-testid="tokens-card" className="lg:col-span-2">
      <CardHeader className="sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <KeyRound className="size-4 text-primary" aria-hidden />
            {TX.tokensTitle}
          </CardTitle>
          <CardDescription className="break-words">{TX.tokensDescription}</CardDescription>
        </div>
        {form.mode === "closed" ? (
          <Button size="sm" onClick={() => setForm({ mode: "new" })}>
            <Plus aria-hidden />
            {TX.newToken}
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        {form.mode !== "closed" ? <TokenForm key={formKey} state={form} onClose={() => setForm({ mode: "closed" })} /> : null}
        {isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label={T.loading} />
          </div>
        ) : isError ? (
          <div className="flex items-center justify-between gap-3 text-sm text-destructive">
            {TX.tokensLoadError}
            <Button size="sm" variant="outline" onClick={() => void refetch()}>
              {T.retry}
            </Button>
          </div>
        ) : !tokens || tokens.length === 0 ? (
          <p className="text-sm text-muted-foreground">{TX.tokensEmpty}</p>
        ) : (
          <ul className="divide-y rounded-lg border" data-testid="token-list">
            {tokens.map((token) => (
              <TokenRow key={token.id} token={token} onEdit={() => setForm({ mode: "edit", token })} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
