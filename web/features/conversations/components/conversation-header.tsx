import { Headset, MessageSquareText, Phone } from "lucide-react";
import type { ReactNode } from "react";
import { CONVERSATION_TEXTS as TX } from "@shared/texts/conversations";
import type { ApiConversation } from "@shared/schemas/conversations";
import { Avatar } from "@web/components/ui/avatar";
import { Badge } from "@web/components/ui/badge";
import { cn } from "@web/lib/cn";
import { categoryLabel, listInitials, nameOrPhone, withPlus } from "@web/lib/conversation-format";
import { OptedOutBadge, StatusBadge } from "./status-badge";

function LiveIndicator({ live }: { live: boolean }) {
  const label = live ? TX.liveOn : TX.liveOff;
  return (
    <span className="inline-flex items-center gap-1" title={label} data-testid="live-indicator" data-live={live}>
      <span className={cn("size-2 rounded-full", live ? "animate-pulse bg-success" : "bg-muted-foreground/50")} aria-hidden />
      <span className="sr-only sm:not-sr-only">{label}</span>
    </span>
  );
}

export function ConversationHeader({
  conversation,
  live,
  leading,
  actions,
}: {
  conversation: ApiConversation;
  live: boolean;
  leading?: ReactNode;
  actions?: ReactNode;
}) {
  const template = conversation.template;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b px-3 py-3 sm:px-4">
      {leading}
      <Avatar fallback={listInitials(conversation)} />
      {/* Below ~10rem the title gives up the row and the actions wrap under it. */}
      <div className="min-w-40 flex-1">
        <h2 className="truncate text-base font-semibold leading-tight" data-testid="conversation-title">
          {nameOrPhone(conversation)}
        </h2>
        <div className="mt-1 flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
          <span className="inline-flex items-center gap-1">
            <Phone className="size-3" aria-hidden />
            {withPlus(conversation.phoneNumber)}
          </span>
          {/* Replies go out on the customer's channel. */}
          <Badge variant={conversation.channel === "sms" ? "default" : "outline"} title={TX.channelLabel} data-testid="channel-badge">
            <MessageSquareText aria-hidden />
            {conversation.channel === "sms" ? TX.channelSms : TX.channelWhatsapp}
          </Badge>
          {template?.name ? (
            <Badge variant="secondary" title={categoryLabel(template.category)} data-testid="template-badge">
              {template.name}
            </Badge>
          ) : null}
          <StatusBadge status={conversation.status} />
          {conversation.operatorMode ? (
            <Badge variant="warning" data-testid="operator-badge">
              <Headset aria-hidden />
              {TX.operatorMode}
            </Badge>
          ) : null}
          {conversation.optedOut ? <OptedOutBadge /> : null}
          <LiveIndicator live={live} />
        </div>
      </div>
      {actions ? <div className="ml-auto flex shrink-0 items-center gap-1">{actions}</div> : null}
    </div>
  );
}
