import { Ban, Clock, Send, StickyNote } from "lucide-react";
import { useId, useState } from "react";
import { CONVERSATION_TEXTS as TX } from "@shared/texts/conversations";
import { MAX_MESSAGE_CHARS } from "@shared/messaging";
import { type VariableBindings } from "@shared/template-variables";
import { TEMPLATE_VARIABLE_TEXTS as VX } from "@shared/texts/template-variables";
import type { ApiConversation } from "@shared/schemas/conversations";
import { NOTE_MAX } from "@shared/constants";
import { type ApiSavedReply, fillSavedReply } from "@shared/saved-replies";
import { SAVED_REPLY_TEXTS as SR } from "@shared/texts/saved-replies";
import { useSavedReplies } from "@web/lib/queries/get-saved-replies";
import { T } from "@shared/strings";
import { Button } from "@web/components/ui/button";
import { Label } from "@web/components/ui/field";
import { ItemOptions, NativeSelect } from "@web/components/ui/input";
import { incompleteBindings, TemplateVariablesField } from "@web/components/template-variables-field";
import { approvedTemplates, useProviderTemplates } from "@web/lib/queries/get-provider-templates";
import { serverMessage } from "@web/lib/server-error";
import { toast } from "@web/lib/toast-store";
import { useNow } from "@web/lib/use-now";
import { useSendManual } from "../api/send-manual";
import { useAddNote } from "../api/notes";
import { useSendTemplate } from "../api/send-template";
import { MEDIA_TEXTS as MX } from "@shared/texts/media";
import { cn } from "@web/lib/cn";
import { closedWindowText, isSendKey, isWindowOpen, sendFailureText, windowLeft } from "../lib/composer";
import { AttachButton, AttachmentBar, useAttachment } from "./composer-attachment";

function failed(err: unknown) {
  toast({ title: T.error, description: sendFailureText(serverMessage(err, "")), variant: "destructive" });
}

// Typing "/" first lists the account's saved replies whose shortcut starts with what follows.
export function savedReplyMatches(text: string, replies: readonly ApiSavedReply[]): ApiSavedReply[] {
  if (!text.startsWith("/") || /\s/.test(text)) return [];
  const query = text.slice(1).toLowerCase();
  return replies.filter((r) => r.shortcut.startsWith(query)).slice(0, 8);
}

function SavedReplyPicker({ matches, active, onPick }: { matches: ApiSavedReply[]; active: number; onPick: (r: ApiSavedReply) => void }) {
  return (
    <ul role="listbox" aria-label={SR.pickerLabel} className="max-h-48 overflow-y-auto rounded-lg border bg-popover p-1 shadow-lg" data-testid="saved-reply-picker">
      {matches.map((r, i) => (
        <li
          key={r.id}
          role="option"
          aria-selected={i === active}
          data-testid="saved-reply-option"
          // Before the textarea loses focus.
          onMouseDown={(e) => {
            e.preventDefault();
            onPick(r);
          }}
          className={cn("cursor-pointer rounded-md px-2 py-1.5 text-sm", i === active ? "bg-muted" : "hover:bg-muted/60")}
        >
          <span className="font-mono text-xs font-semibold text-primary">/{r.shortcut}</span>
          <span className="ml-2 line-clamp-1 text-muted-foreground">{r.content}</span>
        </li>
      ))}
    </ul>
  );
}

function TextComposer({ conversation, operatorMessage, now }: { conversation: ApiConversation; operatorMessage: boolean; now: Date }) {
  const [text, setText] = useState("");
  const counterId = useId();
  const send = useSendManual();
  const attachment = useAttachment(conversation.id);
  const blank = text.trim().length === 0;
  const slash = text.startsWith("/");
  const { data: replies = [] } = useSavedReplies({ enabled: slash });
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState(false);
  const matches = dismissed ? [] : savedReplyMatches(text, replies);
  const pick = (r: ApiSavedReply) => {
    setText(fillSavedReply(r.content, conversation.customerName));
    setActive(0);
  };

  const length = text.trim().length;
  // Twilio refuses a longer body: the composer says so before the server would.
  const tooLong = length > MAX_MESSAGE_CHARS;

  const submit = () => {
    if (tooLong) return;
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
      {conversation.windowOpenUntil ? (
        <p className="flex items-center gap-1.5 text-[11px] text-muted-foreground" data-testid="window-left">
          <Clock className="size-3" aria-hidden />
          {TX.windowLeft(windowLeft(conversation.windowOpenUntil, now))}
        </p>
      ) : null}
      {matches.length > 0 ? <SavedReplyPicker matches={matches} active={Math.min(active, matches.length - 1)} onPick={pick} /> : null}
      <AttachmentBar attachment={attachment} />
      <div className="flex items-end gap-2">
      <AttachButton attachment={attachment} />
      <textarea
        name="message"
        data-testid="composer-input"
        aria-label={TX.composerLabel}
        value={text}
        rows={1}
        aria-invalid={tooLong}
        aria-describedby={`${counterId}`}
        placeholder={attachment.file ? MX.captionPlaceholder : TX.composerPlaceholder}
        title={TX.composerHint}
        onChange={(e) => {
          setText(e.target.value);
          setDismissed(false);
          setActive(0);
        }}
        onKeyDown={(e) => {
          if (matches.length > 0) {
            if (e.key === "ArrowDown" || e.key === "ArrowUp") {
              e.preventDefault();
              setActive((i) => (i + (e.key === "ArrowDown" ? 1 : matches.length - 1)) % matches.length);
              return;
            }
            if (e.key === "Enter" || e.key === "Tab") {
              e.preventDefault();
              pick(matches[Math.min(active, matches.length - 1)]!);
              return;
            }
            if (e.key === "Escape") {
              setDismissed(true);
              return;
            }
          }
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
        disabled={tooLong || (attachment.file ? attachment.uploading : blank || send.isPending)}
        aria-label={attachment.file ? MX.sendAttachment : TX.send}
        title={attachment.file ? MX.sendAttachment : TX.send}
        data-testid="composer-send"
      >
        <Send aria-hidden />
      </Button>
      </div>
      <p
        id={counterId}
        data-testid="composer-counter"
        role={tooLong ? "alert" : undefined}
        className={tooLong ? "text-xs font-medium text-destructive" : "text-right text-[11px] text-muted-foreground"}
      >
        {tooLong ? TX.messageTooLong(length, MAX_MESSAGE_CHARS) : TX.messageCounter(length, MAX_MESSAGE_CHARS)}
      </p>
    </form>
  );
}

// A note for the team: saved beside the thread, never sent to the customer.
function NoteComposer({ conversation }: { conversation: ApiConversation }) {
  const [text, setText] = useState("");
  const add = useAddNote({ onSuccess: () => setText("") });
  const blank = text.trim().length === 0;
  const submit = () => {
    if (blank || add.isPending) return;
    add.mutate({ id: conversation.id, content: text.trim() });
  };
  return (
    <form
      className="flex items-end gap-2 border-t border-dashed border-warning/60 bg-warning/5 p-3"
      data-testid="note-composer"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <textarea
        name="note"
        data-testid="note-input"
        aria-label={TX.noteMode}
        value={text}
        rows={1}
        maxLength={NOTE_MAX}
        placeholder={TX.notePlaceholder}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (isSendKey(e)) {
            e.preventDefault();
            submit();
          }
        }}
        className="field-sizing-content max-h-40 min-h-10 w-full resize-none rounded-lg border border-warning/50 bg-background px-3 py-2 text-sm shadow-sm placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      />
      <Button type="submit" size="icon" variant="outline" disabled={blank || add.isPending} aria-label={TX.noteSave} title={TX.noteSave} data-testid="note-save">
        <StickyNote aria-hidden />
      </Button>
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
        {closedWindowText(conversation.windowOpenUntil)}
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
          <ItemOptions items={approved} value={(t) => t.sid} label={(t) => t.friendlyName} />
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

function ReplyComposer({ conversation, operatorMessage }: { conversation: ApiConversation; operatorMessage: boolean }) {
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
  return <TextComposer conversation={conversation} operatorMessage={operatorMessage} now={now} />;
}

// The composer: a reply to the customer, or an internal note for the team.
export function Composer({ conversation, operatorMessage = false }: { conversation: ApiConversation; operatorMessage?: boolean }) {
  const [mode, setMode] = useState<"reply" | "note">("reply");
  const tab = (value: typeof mode, label: string) => (
    <button
      type="button"
      role="tab"
      aria-selected={mode === value}
      onClick={() => setMode(value)}
      data-testid={`composer-mode-${value}`}
      className={cn(
        "rounded-md px-2.5 py-1 text-xs font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
        mode === value ? (value === "note" ? "bg-warning/20 text-warning-foreground" : "bg-muted text-foreground") : "text-muted-foreground hover:text-foreground",
      )}
    >
      {label}
    </button>
  );
  return (
    <div className="shrink-0 bg-card pb-[env(safe-area-inset-bottom)]" data-testid="composer">
      <div className="flex gap-1 border-t px-3 pt-2" role="tablist" aria-label={TX.composerLabel}>
        {tab("reply", TX.replyMode)}
        {tab("note", TX.noteMode)}
      </div>
      {mode === "note" ? <NoteComposer conversation={conversation} /> : <ReplyComposer conversation={conversation} operatorMessage={operatorMessage} />}
    </div>
  );
}
