import { Bot, Check, CheckCheck, CircleExclamationPoint, Clock, Headset, Info, UserRound, type LucideIcon } from "lucide-react";
import { CONVERSATION_TEXTS as TX, MESSAGE_STATUS_TEXTS } from "@shared/texts/conversations";
import type { ApiMessage, MessageSender } from "@shared/schemas/conversations";
import { cn } from "@web/lib/cn";
import { fullDateTime, relativeTime } from "@web/lib/conversation-format";
import { MessageMedia } from "./message-media";

const SENDERS: Record<MessageSender, { label: string; icon: LucideIcon }> = {
  customer: { label: TX.senderCustomer, icon: UserRound },
  ai: { label: TX.senderAi, icon: Bot },
  operator: { label: TX.senderOperator, icon: Headset },
  system: { label: TX.senderSystem, icon: Info },
};

const BUBBLE: Record<MessageSender, string> = {
  customer: "rounded-bl-md bg-muted text-foreground",
  ai: "rounded-br-md border border-primary/30 bg-primary/15 text-foreground",
  operator: "rounded-br-md bg-primary text-primary-foreground",
  system: "rounded-br-md border border-dashed bg-secondary text-secondary-foreground",
};

export function isFailed(status: ApiMessage["status"]): boolean {
  return status === "failed" || status === "undelivered";
}

function StatusTick({ status }: { status: NonNullable<ApiMessage["status"]> }) {
  const label = MESSAGE_STATUS_TEXTS[status];
  const Icon = status === "sent" ? Check : status === "delivered" || status === "read" ? CheckCheck : isFailed(status) ? CircleExclamationPoint : Clock;
  return (
    <span title={label} className="inline-flex items-center" data-testid="message-status" data-status={status}>
      <Icon className={cn("size-3.5", status === "read" && "text-sky-400", isFailed(status) && "text-destructive")} aria-hidden />
      <span className="sr-only">{label}</span>
    </span>
  );
}

// In the console the business writes on the right and the customer on the left.
export function MessageBubble({ message, now }: { message: ApiMessage; now: Date }) {
  const outbound = message.sender !== "customer";
  const sender = SENDERS[message.sender] ?? SENDERS.system;
  const SenderIcon = sender.icon;
  const failed = isFailed(message.status);
  return (
    <li className={cn("flex", outbound ? "justify-end" : "justify-start")} data-testid="message" data-sender={message.sender}>
      <div
        className={cn(
          "max-w-[85%] rounded-2xl px-3.5 py-2 text-sm shadow-sm sm:max-w-[75%]",
          BUBBLE[message.sender] ?? BUBBLE.system,
          failed && "ring-2 ring-destructive/60",
        )}
      >
        <p className="mb-0.5 flex items-center gap-1.5 text-[11px] font-semibold opacity-80">
          <SenderIcon className="size-3" aria-hidden />
          {sender.label}
          {message.templateSid ? <span className="font-normal">· {TX.templateMessage}</span> : null}
        </p>
        <MessageMedia message={message} />
        {message.content && !(message.button && message.content === message.button.text) ? <p className="break-words whitespace-pre-wrap">{message.content}</p> : null}
        {message.sources && message.sources.length > 0 ? (
          <p className="mt-1 text-[11px] opacity-80" data-testid="message-sources">
            {TX.sources(message.sources.map((s) => s.name))}
          </p>
        ) : null}
        <p className="mt-1 flex items-center justify-end gap-1 text-[11px] opacity-75">
          <time dateTime={message.createdAt} title={fullDateTime(message.createdAt)}>
            {relativeTime(message.createdAt, now)}
          </time>
          {outbound && message.status ? <StatusTick status={message.status} /> : null}
        </p>
        {failed ? (
          <p className="mt-1.5 rounded-md bg-destructive px-2 py-1 text-xs font-medium text-destructive-foreground" data-testid="message-error">
            {MESSAGE_STATUS_TEXTS[message.status!]}
            {message.errorMessage ? `: ${message.errorMessage}` : ""}
          </p>
        ) : null}
      </div>
    </li>
  );
}
