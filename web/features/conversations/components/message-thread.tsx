import { Bot, CircleExclamationPoint, MessageSquare } from "lucide-react";
import { useEffect, useRef } from "react";
import { CONVERSATION_TEXTS as TX } from "../../../../src/shared/conversation-texts";
import type { ApiConversation, ApiMessage } from "../../../../src/shared/schemas/conversations";
import { useNow } from "../../../lib/use-now";
import { useAgentActivity } from "../api/get-agent-activity";
import { AgentEventLine, HandoffSummary } from "./agent-activity";
import { MessageBubble } from "./message-bubble";

function TypingBubble() {
  return (
    <li className="flex justify-end" data-testid="ai-typing" role="status">
      <div className="flex items-center gap-2 rounded-2xl rounded-br-md border border-primary/30 bg-primary/10 px-3.5 py-2 text-sm text-muted-foreground">
        <Bot className="size-4 text-primary" aria-hidden />
        <span>{TX.aiTyping}</span>
        <span className="flex gap-0.5" aria-hidden>
          {[0, 150, 300].map((delay) => (
            <span key={delay} className="size-1.5 animate-bounce rounded-full bg-primary" style={{ animationDelay: `${delay}ms` }} />
          ))}
        </span>
      </div>
    </li>
  );
}

export function MessageThread({ conversation, messages }: { conversation: ApiConversation; messages: ApiMessage[] }) {
  const now = useNow();
  const scroller = useRef<HTMLDivElement>(null);
  const typing = conversation.aiStatus === "pending" && !conversation.operatorMode;
  const failed = conversation.aiStatus === "failed";
  const last = messages[messages.length - 1];
  const activity = useAgentActivity(conversation.id, messages.length, conversation.operatorMode).data;
  // The agent's actions sit between the messages, in time order.
  const items = [
    ...messages.map((m) => ({ at: m.createdAt, key: m.id, node: <MessageBubble key={m.id} message={m} now={now} /> })),
    ...(activity?.events ?? []).map((e) => ({ at: e.createdAt, key: e.id, node: <AgentEventLine key={e.id} event={e} /> })),
  ].sort((a, b) => a.at.localeCompare(b.at));

  // New messages (and the typing bubble) scroll into view.
  useEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length, last?.id, last?.status, typing, failed, activity?.events.length]);

  return (
    <>
      {activity?.handoff ? <HandoffSummary handoff={activity.handoff} /> : null}
      <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 py-4 sm:px-5" data-testid="message-thread">
        {messages.length === 0 && !typing ? (
          <div className="flex h-full flex-col items-center justify-center gap-2 text-center text-sm text-muted-foreground">
            <MessageSquare className="size-8 opacity-60" aria-hidden />
            <p>{TX.noMessages}</p>
          </div>
        ) : (
          <ol className="flex flex-col gap-2.5" role="log" aria-live="polite" aria-label={TX.threadLabel}>
            {items.map((item) => item.node)}
            {typing ? <TypingBubble /> : null}
          </ol>
        )}
        {failed ? (
          <div
            role="alert"
            data-testid="ai-failed"
            className="mx-auto mt-3 flex max-w-md items-start gap-2 rounded-lg border border-destructive/40 bg-destructive/10 px-3 py-2 text-xs text-destructive"
          >
            <CircleExclamationPoint className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>{conversation.aiError ?? TX.aiFailed}</span>
          </div>
        ) : null}
      </div>
    </>
  );
}
