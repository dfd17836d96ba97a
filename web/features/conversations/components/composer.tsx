import { Ban, Clock, Send } from "lucide-react";
import { useId, useState } from "react";
import { CONVERSATION_TEXTS as TX } from "../../../../src/shared/conversation-texts";
import { MAX_MESSAGE_CHARS, MESSAGE_LIMIT_TEXTS } from "../../../../src/shared/messaging";
import { TEMPLATE_VARIABLE_TEXTS as VX, type VariableBindings } from "../../../../src/shared/template-variables";
import type { ApiConversation } from "../../../../src/shared/schemas/conversations";
import { T } from "../../../../src/shared/strings";
import { Button } from "../../../components/ui/button";
import { Label } from "../../../components/ui/field";
import { NativeSelect } from "../../../components/ui/input";
import { incompleteBindings, TemplateVariablesField } from "../../../components/template-variables-field";
import { approvedTemplates, useProviderTemplates } from "../../../lib/queries/get-provider-templates";
import { serverMessage } from "../../../lib/server-error";
import { toast } from "../../../lib/toast-store";
import { useNow } from "../../../lib/use-now";
import { useSendManual } from "../api/send-manual";
import { useSendTemplate } from "../api/send-template";
import { isSendKey, isWindowOpen, sendFailureText } from "../lib/composer";

function failed(err: unknown) {
  toast({ title: T.error, description: sendFailureText(serverMessage(err, "")), variant: "destructive" });
}

function TextComposer({ conversation, operatorMessage }: { conversation: ApiConversation; operatorMessage: boolean }) {
  const [text, setText] = useState("");
  const counterId = useId();
  const send = useSendManual();
  const blank = text.trim().length === 0;
  const length = text.trim().length;
  // Twilio refuses a longer body: the composer says so before the server would.
  const tooLong = length > MAX_MESSAGE_CHARS;

  const submit = () => {
    if (blank || tooLong || send.isPending) return;
    send.mutate(
      { id: conversation.id, content: text.trim(), isOperatorMessage: operatorMessage },
      { onSuccess: () => setText(""), onError: failed },
    );
  };

  return (
    <form
      className="grid gap-1 border-t p-3"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="flex items-end gap-2">
      <textarea
        name="message"
        data-testid="composer-input"
        aria-label={TX.composerLabel}
        value={text}
        rows={1}
        aria-invalid={tooLong}
        aria-describedby={`${counterId}`}
        placeholder={TX.composerPlaceholder}
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
      <Button type="submit" size="icon" disabled={blank || tooLong || send.isPending} aria-label={TX.send} title={TX.send} data-testid="composer-send">
        <Send aria-hidden />
      </Button>
      </div>
      <p
        id={counterId}
        data-testid="composer-counter"
        role={tooLong ? "alert" : undefined}
        className={tooLong ? "text-xs font-medium text-destructive" : "text-right text-[11px] text-muted-foreground"}
      >
        {tooLong ? MESSAGE_LIMIT_TEXTS.tooLong(length) : MESSAGE_LIMIT_TEXTS.counter(length)}
      </p>
    </form>
  );
}

// Outside the 24-hour window WhatsApp accepts only an approved template.
function TemplateComposer({ conversation }: { conversation: ApiConversation }) {
  const id = useId();
  const { data: templates, isPending } = useProviderTemplates();
  const send = useSendTemplate();
  const [sid, setSid] = useState("");
  const [bindings, setBindings] = useState<VariableBindings>({});
  const [error, setError] = useState<string | undefined>();
  const approved = approvedTemplates(templates);
  const template = approved.find((t) => t.sid === sid);
  // The preview and the server read the same contact: the conversation's name and company.
  const preview = { name: conversation.customerName, context: { contact: { nome: conversation.customerName, company: conversation.customerCompany } } };

  const submit = () => {
    if (!template || send.isPending) return;
    const incomplete = incompleteBindings(template, bindings);
    if (incomplete.length > 0) return setError(VX.missing(incomplete));
    send.mutate(
      { id: conversation.id, templateSid: template.sid, variables: bindings },
      {
        onSuccess: () => {
          setSid("");
          setBindings({});
          setError(undefined);
        },
        onError: (err) => {
          setError(serverMessage(err, "") || undefined);
          failed(err);
        },
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
            setBindings({});
            setError(undefined);
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
        <TemplateVariablesField
          template={template}
          bindings={bindings}
          onChange={(next) => {
            setBindings(next);
            setError(undefined);
          }}
          sources={["field", "text"]}
          preview={preview}
          error={error}
        />
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
