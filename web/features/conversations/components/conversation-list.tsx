import { Archive, Bot, Headset, UserRound } from "lucide-react";
import { AI_STATE_TEXTS, CONVERSATION_TEXTS as TX } from "@shared/texts/conversations";
import type { ApiConversation, ApiLabel } from "@shared/schemas/conversations";
import { Avatar } from "@web/components/ui/avatar";
import { cn } from "@web/lib/cn";
import { fullDateTime, lastActivity, listInitials, listTime, nameOrPhone } from "@web/lib/conversation-format";
import { useNow } from "@web/lib/use-now";
import { useAssignees } from "../api/get-assignees";
import { useLabels } from "../api/labels";
import { LabelChips } from "./label-chips";
import { aiState } from "../lib/ai-state";
import { StatusBadge } from "./status-badge";

function ConversationItem({
  conversation,
  selected,
  now,
  assignee,
  labels,
  onSelect,
}: {
  conversation: ApiConversation;
  selected: boolean;
  now: Date;
  assignee: string | null;
  labels: ApiLabel[];
  onSelect: () => void;
}) {
  const at = lastActivity(conversation);
  const unread = conversation.unread && !selected;
  const ai = aiState(conversation);
  const AiIcon = ai === "active" ? Bot : Headset;
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
          <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-0.5 text-[11px] text-muted-foreground">
            <span
              className={cn("inline-flex items-center gap-1", ai === "waiting" ? "font-semibold text-warning-foreground" : ai === "paused" ? "text-foreground/80" : "")}
              data-testid="ai-state"
              data-state={ai}
            >
              <AiIcon className="size-3" aria-hidden />
              {AI_STATE_TEXTS[ai]}
            </span>
            <span className="inline-flex min-w-0 items-center gap-1" data-testid="assignee">
              <UserRound className="size-3 shrink-0" aria-hidden />
              <span className="truncate">{assignee ?? TX.unassigned}</span>
            </span>
            <LabelChips labelIds={conversation.labelIds} labels={labels} />
            {conversation.archivedAt ? (
              <span className="inline-flex items-center gap-1" data-testid="archived-badge">
                <Archive className="size-3" aria-hidden />
                {TX.archivedBadge}
              </span>
            ) : null}
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
  const { data: people } = useAssignees();
  const { data: labels = [] } = useLabels();
  const nameOf = (id: string | null) => (id ? (people?.find((p) => p.id === id)?.name ?? null) : null);
  return (
    <ul className="flex flex-col gap-0.5" aria-label={TX.listLabel}>
      {conversations.map((c) => (
        <ConversationItem key={c.id} conversation={c} selected={c.id === selectedId} now={now} assignee={nameOf(c.assignedUserId)} labels={labels} onSelect={() => onSelect(c.id)} />
      ))}
    </ul>
  );
}
