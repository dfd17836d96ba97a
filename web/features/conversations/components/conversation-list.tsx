import { CONVERSATION_TEXTS as TX } from "../../../../src/shared/conversation-texts";
import type { ApiConversation } from "../../../../src/shared/schemas/conversations";
import { Avatar } from "../../../components/ui/avatar";
import { cn } from "../../../lib/cn";
import { fullDateTime, lastActivity, listInitials, listTime, nameOrPhone } from "../../../lib/conversation-format";
import { useNow } from "../../../lib/use-now";
import { StatusBadge } from "./status-badge";

function ConversationItem({
  conversation,
  selected,
  now,
  onSelect,
}: {
  conversation: ApiConversation;
  selected: boolean;
  now: Date;
  onSelect: () => void;
}) {
  const at = lastActivity(conversation);
  const unread = conversation.unread && !selected;
  return (
    <li>
      <button
        type="button"
        onClick={onSelect}
        aria-current={selected ? "true" : undefined}
        data-testid="conversation-item"
        data-id={conversation.id}
        className={cn(
          "flex w-full items-start gap-3 rounded-lg px-3 py-2.5 text-left transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
          selected ? "bg-accent text-accent-foreground" : "hover:bg-muted",
        )}
      >
        <Avatar fallback={listInitials(conversation)} size="sm" />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline gap-2">
            <span className={cn("min-w-0 flex-1 truncate text-sm", unread ? "font-bold" : "font-medium")}>{nameOrPhone(conversation)}</span>
            <time dateTime={at} title={fullDateTime(at)} className={cn("shrink-0 text-[11px]", unread ? "font-semibold text-primary" : "text-muted-foreground")}>
              {listTime(at, now)}
            </time>
          </span>
          <span className="mt-0.5 flex items-center gap-2">
            <span className={cn("min-w-0 flex-1 truncate text-xs", unread ? "text-foreground" : "text-muted-foreground")}>
              {conversation.lastMessage ?? TX.noMessage}
            </span>
            {unread ? <span className="size-2 shrink-0 rounded-full bg-primary" aria-hidden /> : null}
            <StatusBadge status={conversation.status} />
          </span>
        </span>
      </button>
    </li>
  );
}

export function ConversationList({
  conversations,
  selectedId,
  onSelect,
}: {
  conversations: ApiConversation[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const now = useNow();
  return (
    <ul className="flex flex-col gap-0.5" aria-label={TX.listLabel}>
      {conversations.map((c) => (
        <ConversationItem key={c.id} conversation={c} selected={c.id === selectedId} now={now} onSelect={() => onSelect(c.id)} />
      ))}
    </ul>
  );
}
