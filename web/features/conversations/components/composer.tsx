import { Ban, Clock, Send } from "lucide-react";
import { useId, useState } from "react";
import { renderTemplate } from "../../../../src/shared/sandbox-templates";
import { CONVERSATION_TEXTS as TX } from "../../../../src/shared/conversation-texts";
import type { ApiConversation } from "../../../../src/shared/schemas/conversations";
import { T } from "../../../../src/shared/strings";
import { Button } from "../../../components/ui/button";
import { Label } from "../../../components/ui/field";
import { Input, NativeSelect } from "../../../components/ui/input";
import { useActiveAccount } from "../../../lib/queries/get-active-account";
import { approvedTemplates, useProviderTemplates } from "../../../lib/queries/get-provider-templates";
import { serverMessage } from "../../../lib/server-error";
import { toast } from "../../../lib/toast-store";
import { useNow } from "../../../lib/use-now";
import { useSendManual } from "../api/send-manual";
import { useSendTemplate } from "../api/send-template";
import { isSendKey, isWindowOpen, sendFailureText } from "../lib/composer";
import { MEDIA_TEXTS as MX } from "../../../../src/shared/media";
import { cn } from "../../../lib/cn";
import { AttachButton, AttachmentBar, useAttachment } from "./composer-attachment";

function failed(err: unknown) {
  toast({ title: T.error, description: sendFailureText(serverMessage(err, "")), variant: "destructive" });
}

function TextComposer({ conversation, operatorMessage }: { conversation: ApiConversation; operatorMessage: boolean }) {
  const [text, setText] = useState("");
  const send = useSendManual();
  const attachment = useAttachment(conversation.id);
  const blank = text.trim().length === 0;

  const submit = () => {
    if (attachment.file) {
      attachment.send(text.trim(), () => setText(""));
      return;
    }
    if (blank || send.isPending) return;
    send.mutate(
      { id: conversation.id, content: text.trim(), isOperatorMessage: operatorMessage },
      { onSuccess: () => setText(""), onError: failed },
    );
  };

  return (
    <form
      className={cn("relative grid gap-2 border-t p-3", attachment.dragging && "bg-primary/5 ring-2 ring-primary ring-inset")}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      {...attachment.dropHandlers}
    >
      <AttachmentBar attachment={attachment} />
      <div className="flex items-end gap-2">
      <AttachButton attachment={attachment} />
      <textarea
        name="message"
        data-testid="composer-input"
        aria-label={TX.composerLabel}
        value={text}
        rows={1}
        maxLength={4096}
        placeholder={attachment.file ? MX.captionPlaceholder : TX.composerPlaceholder}
        title={TX.composerHint}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (isSendKey(e)) {
            e.preventDefault();
            submit();
          }
        }}
        className="field-sizing-content max-h-40 min-h-10 w-full resize-none rounded-lg border border-input bg-background px-3 py-2 text-sm shadow-sm placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      />
      <Button
        type="submit"
        size="icon"
        disabled={attachment.file ? attachment.uploading : blank || send.isPending}
        aria-label={attachment.file ? MX.sendAttachment : TX.send}
        title={attachment.file ? MX.sendAttachment : TX.send}
        data-testid="composer-send"
      >
        <Send aria-hidden />
      </Button>
      </div>
    </form>
  );
}

// Outside the 24-hour window WhatsApp accepts only an approved template.
function TemplateComposer({ conversation }: { conversation: ApiConversation }) {
  const id = useId();
  const { data: templates, isPending } = useProviderTemplates();
  const { data: account } = useActiveAccount();
  const send = useSendTemplate();
  const [sid, setSid] = useState("");
  const [variables, setVariables] = useState<Record<string, string>>({});
  const approved = approvedTemplates(templates);
  const template = approved.find((t) => t.sid === sid);
  const defaults: Record<string, string> = {
    "1": conversation.customerName ?? TX.senderCustomer,
    "2": conversation.customerCompany ?? account?.name ?? "",
  };

  const submit = () => {
    if (!template || send.isPending) return;
    const filled = Object.fromEntries(Object.entries(variables).filter(([key, v]) => template.variables.includes(key) && v.trim()));
    send.mutate(
      { id: conversation.id, templateSid: template.sid, variables: filled },
      {
        onSuccess: () => {
          setSid("");
          setVariables({});
        },
        onError: failed,
      },
    );
  };

  return (
    <form
      className="grid gap-3 border-t p-3"
      data-testid="template-composer"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <p className="flex items-start gap-2 rounded-lg border border-warning/40 bg-warning/10 px-3 py-2 text-xs text-warning-foreground" role="status">
        <Clock className="mt-0.5 size-4 shrink-0" aria-hidden />
        {TX.outsideWindow}
      </p>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-template`}>{TX.templatePickerLabel}</Label>
        <NativeSelect
          id={`${id}-template`}
          name="templateSid"
          data-testid="template-picker"
          value={sid}
          disabled={isPending || approved.length === 0}
          onChange={(e) => {
            setSid(e.target.value);
            setVariables({});
          }}
        >
          <option value="">{approved.length === 0 && !isPending ? TX.noApprovedTemplates : TX.templatePickerPlaceholder}</option>
          {approved.map((t) => (
            <option key={t.sid} value={t.sid}>
              {t.friendlyName}
            </option>
          ))}
        </NativeSelect>
      </div>
      {template ? (
        <>
          {template.variables.length > 0 ? (
            <div className="grid gap-2 sm:grid-cols-2">
              {template.variables.map((key) => (
                <div key={key} className="grid gap-1.5">
                  <Label htmlFor={`${id}-var-${key}`}>{TX.templateVariable(key)}</Label>
                  <Input
                    id={`${id}-var-${key}`}
                    value={variables[key] ?? ""}
                    placeholder={defaults[key]}
                    maxLength={1024}
                    onChange={(e) => setVariables((v) => ({ ...v, [key]: e.target.value }))}
                  />
                </div>
              ))}
            </div>
          ) : null}
          <div className="rounded-lg bg-muted/60 px-3 py-2 text-sm" data-testid="template-preview">
            <p className="text-[11px] font-semibold text-muted-foreground">{TX.templatePreview}</p>
            <p className="break-words whitespace-pre-wrap">
              {renderTemplate(template.bodyText, { ...defaults, ...Object.fromEntries(Object.entries(variables).filter(([, v]) => v.trim())) })}
            </p>
          </div>
        </>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={!template || send.isPending} data-testid="template-send">
          <Send aria-hidden />
          {send.isPending ? TX.sending : TX.sendTemplate}
        </Button>
      </div>
    </form>
  );
}

export function Composer({ conversation, operatorMessage = false }: { conversation: ApiConversation; operatorMessage?: boolean }) {
  const now = useNow();
  if (conversation.optedOut) {
    return (
      <p className="flex items-start gap-2 border-t bg-destructive/5 p-4 text-sm text-destructive" role="status" data-testid="composer-opted-out">
        <Ban className="mt-0.5 size-4 shrink-0" aria-hidden />
        {TX.optedOut}
      </p>
    );
  }
  if (!isWindowOpen(conversation.windowOpenUntil, now)) return <TemplateComposer conversation={conversation} />;
  return <TextComposer conversation={conversation} operatorMessage={operatorMessage} />;
}
