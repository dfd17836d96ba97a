import { Link } from "@tanstack/react-router";
import { MessageSquare, Phone } from "lucide-react";
import { CONVERSATION_TEXTS as TX } from "@shared/texts/conversations";
import type { ApiConversation } from "@shared/schemas/conversations";
import { Avatar } from "@web/components/ui/avatar";
import { Badge } from "@web/components/ui/badge";
import { buttonVariants } from "@web/components/ui/button";
import { categoryLabel, customerLabel, fullDateTime, lastActivity, relativeTime, withPlus, wordInitials } from "@web/lib/conversation-format";

export function ConversationRow({ conversation, now }: { conversation: ApiConversation; now: Date }) {
  const name = customerLabel(conversation);
  const at = lastActivity(conversation);
  return (
    <li className="flex items-center gap-3 py-3" data-testid="conversation-row">
      <Avatar fallback={wordInitials(name)} />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline gap-x-2">
          <p className="min-w-0 truncate text-sm font-semibold">{name}</p>
          <time dateTime={at} title={fullDateTime(at)} className="text-xs text-muted-foreground">
            {relativeTime(at, now)}
          </time>
        </div>
        <p className="truncate text-sm text-muted-foreground">{conversation.lastMessage ?? TX.noMessage}</p>
        <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <span className="inline-flex items-center gap-1">
            <Phone className="size-3" aria-hidden />
            {withPlus(conversation.phoneNumber)}
          </span>
          <Badge variant="secondary">{categoryLabel(conversation.template?.category)}</Badge>
        </div>
      </div>
      <Link
        to="/chat/$id"
        params={{ id: conversation.id }}
        className={buttonVariants({ variant: "outline", size: "sm" })}
        data-testid="conversation-row-chat"
      >
        <MessageSquare aria-hidden />
        {TX.chat}
      </Link>
    </li>
  );
}
