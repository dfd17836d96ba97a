import { Bot, CircleExclamationPoint, MessageSquare } from "lucide-react";
import { useEffect, useLayoutEffect, useRef, type ReactNode } from "react";
import { CONVERSATION_TEXTS as TX } from "@shared/texts/conversations";
import type { ApiConversation, ApiMessage, ApiNote } from "@shared/schemas/conversations";
import { T } from "@shared/strings";
import { Button } from "@web/components/ui/button";
import { useNow } from "@web/lib/use-now";
import { useAgentActivity } from "../api/get-agent-activity";
import { AgentEventLine, HandoffSummary } from "./agent-activity";
import { MessageBubble } from "./message-bubble";
import { NoteBubble } from "./note-bubble";

// What the thread shows: messages (newest page and the older ones loaded), notes, and the way back.
export interface ThreadView {
  messages: ApiMessage[];
  notes?: ApiNote[];
  hasOlder?: boolean;
  loadingOlder?: boolean;
  olderFailed?: boolean;
  loadOlder?: () => void;
}

type AgentEvent = NonNullable<ReturnType<typeof useAgentActivity>["data"]>["events"][number];
type Entry =
  | { kind: "message"; at: string; message: ApiMessage }
  | { kind: "note"; at: string; note: ApiNote }
  | { kind: "event"; at: string; event: AgentEvent };

// Messages, notes and the agent's actions in time order; notes and events older than the loaded
// messages wait for their page.
export function threadEntries(messages: ApiMessage[], notes: ApiNote[], complete: boolean, events: readonly AgentEvent[] = []): Entry[] {
  const from = complete ? "" : (messages[0]?.createdAt ?? "\uffff");
  const extras: Entry[] = [
    ...notes.filter((n) => n.createdAt >= from).map((note): Entry => ({ kind: "note", at: note.createdAt, note })),
    ...events.filter((e) => e.createdAt >= from).map((event): Entry => ({ kind: "event", at: event.createdAt, event })),
  ];
  const entries: Entry[] = messages.map((message) => ({ kind: "message", at: message.createdAt, message }));
  if (extras.length === 0) return entries;
  // A stable sort keeps a message before a note or event of the same instant.
  return [...entries, ...extras].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

const TOP_THRESHOLD_PX = 80;

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

export function MessageThread({ conversation, thread }: { conversation: ApiConversation; thread: ThreadView }) {
  const { messages, notes = [], hasOlder = false, loadingOlder = false, olderFailed = false, loadOlder } = thread;
  const now = useNow();
  const scroller = useRef<HTMLDivElement>(null);
  const typing = conversation.aiStatus === "pending" && !conversation.operatorMode;
  const failed = conversation.aiStatus === "failed";
  const last = messages[messages.length - 1];
  const lastNote = notes[notes.length - 1];
  const first = messages[0];
  const activity = useAgentActivity(conversation.id, messages.length, conversation.operatorMode).data;
  const events = activity?.events ?? [];
  // The scroll height before an older page is put on top, to keep the reader where they were.
  const anchor = useRef<{ height: number; top: number; firstId: string | undefined } | null>(null);

  // New messages, notes (and the typing bubble) scroll into view; so does the thread when it opens.
  useEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [last?.id, last?.status, lastNote?.id, typing, failed, events.length]);

  // An older page went on top: keep the message that was at the top of the view where it was.
  useLayoutEffect(() => {
    const el = scroller.current;
    const before = anchor.current;
    if (!el || !before || before.firstId === first?.id) return;
    el.scrollTop = el.scrollHeight - before.height + before.top;
    anchor.current = null;
  }, [first?.id]);

  const older = () => {
    const el = scroller.current;
    if (!loadOlder || loadingOlder) return;
    if (el) anchor.current = { height: el.scrollHeight, top: el.scrollTop, firstId: first?.id };
    loadOlder();
  };

  let olderControl: ReactNode = null;
  if (hasOlder) {
    olderControl = (
      <div className="mb-3 flex justify-center">
        <Button variant="outline" size="sm" onClick={older} disabled={loadingOlder} data-testid="load-older-messages">
          {loadingOlder ? T.loading : olderFailed ? T.retry : TX.loadOlderMessages}
        </Button>
      </div>
    );
  }

  return (
    <>
    {activity?.handoff ? <HandoffSummary handoff={activity.handoff} /> : null}
    <div
      ref={scroller}
      // A scrollable region a keyboard can reach and scroll.
      tabIndex={0}
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 py-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:px-5"
      data-testid="message-thread"
      onScroll={(e) => {
        if (hasOlder && !loadingOlder && !olderFailed && e.currentTarget.scrollTop < TOP_THRESHOLD_PX) older();
      }}
    >
      {olderControl}
      {messages.length === 0 && notes.length === 0 && !typing ? (
        <div className="flex h-full flex-col items-center justify-center gap-2 text-center text-sm text-muted-foreground">
          <MessageSquare className="size-8 opacity-60" aria-hidden />
          <p>{TX.noMessages}</p>
        </div>
      ) : (
        <div role="log" aria-live="polite" aria-label={TX.threadLabel}>
          <ol className="flex flex-col gap-2.5">
          {threadEntries(messages, notes, !hasOlder, events).map((entry) =>
            entry.kind === "message" ? (
              <MessageBubble key={entry.message.id} message={entry.message} now={now} />
            ) : entry.kind === "note" ? (
              <NoteBubble key={entry.note.id} note={entry.note} now={now} />
            ) : (
              <AgentEventLine key={entry.event.id} event={entry.event} />
            ),
          )}
          {typing ? <TypingBubble /> : null}
        </ol>
        </div>
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
