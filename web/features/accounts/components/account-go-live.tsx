import { AlertTriangle, Check, Copy } from "lucide-react";
import { useState } from "react";
import type { TwilioAccount } from "@shared/schemas/accounts";
import { ACCOUNT_TEXTS } from "@shared/texts/accounts";
import { T } from "@shared/strings";
import { Button } from "@web/components/ui/button";
import { NativeSelect } from "@web/components/ui/input";
import { fullDateTime } from "@web/lib/conversation-format";
import { useSetDefaultPrompt } from "@web/lib/queries/set-default-prompt";
import { toast } from "@web/lib/toast-store";
import { usePrompts } from "@web/lib/queries/get-prompts";

function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      // Without clipboard permission the URL stays selectable in the field.
    }
  };
  return (
    <div className="grid gap-1">
      <span className="text-xs text-muted-foreground">{label}</span>
      <div className="flex min-w-0 items-center gap-2">
        <code className="min-w-0 flex-1 truncate rounded-md border bg-muted/40 px-2 py-1.5 font-mono text-xs" title={value} data-testid={testId}>
          {value}
        </code>
        <Button size="sm" variant="outline" onClick={() => void copy()} aria-label={`${T.copy}: ${label}`}>
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {copied ? ACCOUNT_TEXTS.copied : T.copy}
        </Button>
      </div>
    </div>
  );
}

// A real number receives nothing until Twilio calls these URLs: they are shown with the steps, and the
// time of the last inbound message tells at once whether the number is wired.
export function AccountWebhooks({ account }: { account: TwilioAccount }) {
  return (
    <section className="mt-3 grid gap-2 rounded-lg border p-3" aria-label={ACCOUNT_TEXTS.webhooksTitle} data-testid="account-webhooks">
      <h3 className="text-sm font-semibold">{ACCOUNT_TEXTS.webhooksTitle}</h3>
      <ol className="list-decimal space-y-0.5 pl-5 text-xs text-muted-foreground">
        {ACCOUNT_TEXTS.webhookSteps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <CopyField label={ACCOUNT_TEXTS.webhookMessageLabel} value={account.webhookUrls.message} testId="webhook-message-url" />
      <CopyField label={ACCOUNT_TEXTS.webhookStatusLabel} value={account.webhookUrls.status} testId="webhook-status-url" />
      <p className="text-xs" data-testid="account-last-inbound">
        {account.lastInboundAt ? ACCOUNT_TEXTS.lastInbound(fullDateTime(account.lastInboundAt)) : ACCOUNT_TEXTS.noInboundYet}
      </p>
    </section>
  );
}

// The prompt for customers who write first. The list is the active account's prompts, so it is chosen on
// the active account's card; every card says when there is none (their messages wait for an operator).
export function DefaultPromptSetting({ account, canManage }: { account: TwilioAccount; canManage: boolean }) {
  const editable = canManage && account.isActive;
  const prompts = usePrompts({ queryConfig: { enabled: editable } });
  const save = useSetDefaultPrompt({
    onSuccess: () => toast({ title: T.defaultPromptSaved, variant: "success" }),
  });
  const selectId = `default-prompt-${account.id}`;
  return (
    <div className="mt-3 grid gap-1.5">
      {editable ? (
        <>
          <label htmlFor={selectId} className="text-xs text-muted-foreground">
            {ACCOUNT_TEXTS.defaultPromptLabel}
          </label>
          <NativeSelect
            id={selectId}
            data-testid="default-prompt-select"
            value={account.defaultPromptId ?? ""}
            disabled={save.isPending || prompts.isPending}
            onChange={(e) => save.mutate({ accountId: account.id, promptId: e.target.value || null })}
          >
            <option value="">{ACCOUNT_TEXTS.defaultPromptNone}</option>
            {(prompts.data ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </NativeSelect>
        </>
      ) : null}
      {account.defaultPromptId ? null : (
        <p className="flex items-start gap-1.5 rounded-md bg-warning/15 p-2 text-xs" role="note" data-testid="default-prompt-missing">
          <AlertTriangle className="mt-0.5 size-3.5 shrink-0" aria-hidden />
          {ACCOUNT_TEXTS.defaultPromptMissing}
        </p>
      )}
    </div>
  );
}
