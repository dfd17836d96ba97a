import { Camera, FlaskConical, Pencil, Power, Trash, UserPlus } from "lucide-react";
import { useState } from "react";
import type { TwilioAccount } from "@shared/schemas/accounts";
import type { GptTestResult } from "@shared/schemas/usage";
import { findModel } from "@shared/models";
import { ACCOUNT_TEXTS } from "@shared/texts/accounts";
import { T } from "@shared/strings";
import { Avatar } from "@web/components/ui/avatar";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardFooter, CardTitle } from "@web/components/ui/card";
import { cn } from "@web/lib/cn";
import { parseServerError } from "@web/lib/server-error";
import { useActivateAccount } from "@web/lib/queries/activate-account";
import { toast } from "@web/lib/toast-store";
import { useDeleteAccount } from "../api/delete-account";
import { useTestGptModel } from "../api/test-gpt-model";
import { truncateSid } from "../lib/account-form";
import { AccountWebhooks, DefaultPromptSetting } from "./account-go-live";
import { AccountPhotoDialog } from "./account-photo-dialog";
import { AddUserDialog } from "./add-user-dialog";

const GPT_PREVIEW_CHARS = 100;

function gptFailureText(err: unknown): string {
  const { message, details } = parseServerError(err);
  const reason = details && typeof details === "object" && "reason" in details ? (details as { reason: unknown }).reason : null;
  return typeof reason === "string" && reason ? reason : (message ?? ACCOUNT_TEXTS.gptTestError);
}

function Detail({ label, children, mono }: { label: string; children: string; mono?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-1.5 text-sm">
      <dt className="shrink-0 text-muted-foreground">{label}</dt>
      <dd className={mono ? "truncate font-mono text-xs" : "truncate font-medium"} title={children}>
        {children}
      </dd>
    </div>
  );
}

export function AccountCard({ account, canManage, onEdit }: { account: TwilioAccount; canManage: boolean; onEdit: () => void }) {
  const [lastTest, setLastTest] = useState<GptTestResult | null>(null);
  const activation = useActivateAccount({
    onSuccess: () => toast({ title: T.activateSuccess, description: account.name, variant: "success" }),
  });
  const deletion = useDeleteAccount({
    onSuccess: () => toast({ title: ACCOUNT_TEXTS.accountDeleted, description: account.name, variant: "success" }),
  });
  const gptTest = useTestGptModel();
  const initials = account.name.slice(0, 2).toUpperCase();

  const remove = () => {
    if (!window.confirm(ACCOUNT_TEXTS.accountDeleteConfirm)) return;
    deletion.mutate(account.id);
  };

  const runGptTest = () => {
    if (!window.confirm(ACCOUNT_TEXTS.gptTestConfirm)) return;
    gptTest.mutate(
      { twilioAccountId: account.id, testMessage: ACCOUNT_TEXTS.gptTestMessage },
      {
        onSuccess: (result) => {
          if (!result) return;
          setLastTest(result);
          toast({ title: ACCOUNT_TEXTS.gptTestSuccess, description: result.response.slice(0, GPT_PREVIEW_CHARS), variant: "success" });
        },
        onError: (err) => toast({ title: ACCOUNT_TEXTS.gptTestError, description: gptFailureText(err), variant: "destructive" }),
      },
    );
  };

  return (
    <Card data-testid="account-card" className={cn("min-w-0", account.isActive && "border-primary/60 ring-1 ring-primary/30")}>
      <div className="flex items-center gap-3 p-5">
        {canManage ? (
          <AccountPhotoDialog account={account}>
            <button
              type="button"
              // The name ends with the initials the button shows (WCAG 2.5.3: the visible text is part of the name).
              aria-label={account.profilePhoto ? ACCOUNT_TEXTS.changeAccountPhoto : `${ACCOUNT_TEXTS.changeAccountPhoto}: ${initials}`}
              title={ACCOUNT_TEXTS.changeAccountPhoto}
              className="group relative rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <Avatar src={account.profilePhoto} fallback={initials} size="lg" />
              <span className="absolute -right-1 -bottom-1 inline-flex size-6 items-center justify-center rounded-full border bg-card text-muted-foreground shadow-sm group-hover:text-foreground">
                <Camera className="size-3.5" aria-hidden />
              </span>
            </button>
          </AccountPhotoDialog>
        ) : (
          <Avatar src={account.profilePhoto} fallback={initials} size="lg" />
        )}
        <div className="min-w-0 flex-1">
          <CardTitle className="truncate">{account.name}</CardTitle>
          <div className="mt-1.5 flex flex-wrap gap-1.5">
            {account.isActive ? <Badge variant="success">{T.active}</Badge> : null}
            {account.isDefault ? <Badge variant="secondary">{T.defaultBadge}</Badge> : null}
            {account.sandbox ? <Badge variant="warning">{T.sandboxBadge}</Badge> : null}
          </div>
        </div>
      </div>
      <CardContent>
        <dl className="divide-y">
          <Detail label={ACCOUNT_TEXTS.accountPhoneShort}>{account.phoneNumber}</Detail>
          <Detail label={ACCOUNT_TEXTS.accountSidLabel} mono>
            {truncateSid(account.accountSid)}
          </Detail>
          <Detail label={ACCOUNT_TEXTS.accountTokenLabel} mono>
            {account.authToken}
          </Detail>
          <Detail label={ACCOUNT_TEXTS.accountModelLabel}>{findModel(account.gptModel)?.label ?? account.gptModel}</Detail>
        </dl>
        <DefaultPromptSetting account={account} canManage={canManage} />
        {account.sandbox ? null : <AccountWebhooks account={account} />}
        {lastTest ? (
          <div className="mt-3 rounded-lg border bg-muted/40 p-3 text-sm" data-testid="gpt-test-result">
            <p className="text-xs font-semibold text-muted-foreground">
              {ACCOUNT_TEXTS.gptTestResultTitle} · {lastTest.model}
            </p>
            <p className="mt-1 break-words">{lastTest.response.slice(0, GPT_PREVIEW_CHARS)}</p>
            <p className="mt-1 text-xs text-muted-foreground">
              {lastTest.offline ? ACCOUNT_TEXTS.gptTestOffline : ACCOUNT_TEXTS.gptTestUsage(lastTest.totalTokens, lastTest.totalCost)}
            </p>
          </div>
        ) : null}
      </CardContent>
      <CardFooter>
        {account.isActive ? null : (
          <Button size="sm" onClick={() => activation.mutate(account.id)} disabled={activation.isPending}>
            <Power aria-hidden />
            {ACCOUNT_TEXTS.accountActivate}
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={runGptTest} disabled={gptTest.isPending}>
          <FlaskConical aria-hidden />
          {gptTest.isPending ? ACCOUNT_TEXTS.gptTestRunning : ACCOUNT_TEXTS.gptTest}
        </Button>
        {canManage ? (
          <>
            <Button size="sm" variant="outline" onClick={onEdit}>
              <Pencil aria-hidden />
              {T.edit}
            </Button>
            <AddUserDialog account={account}>
              <Button size="sm" variant="outline">
                <UserPlus aria-hidden />
                {ACCOUNT_TEXTS.addUser}
              </Button>
            </AddUserDialog>
            {account.isDefault ? null : (
              <Button size="sm" variant="ghost-destructive" onClick={remove} disabled={deletion.isPending}>
                <Trash aria-hidden />
                {T.delete}
              </Button>
            )}
          </>
        ) : null}
      </CardFooter>
    </Card>
  );
}
