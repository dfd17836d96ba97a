import { Link } from "@tanstack/react-router";
import { ArrowLeft, SearchX, Smartphone } from "lucide-react";
import { useState, type ReactNode } from "react";
import { CONVERSATION_TEXTS as TX } from "@shared/texts/conversations";
import { SIMULATOR_TEXTS as SX } from "@shared/texts/simulator";
import type { ApiConversationDetail, ApiMessage } from "@shared/schemas/conversations";
import { T } from "@shared/strings";
import { EmptyState } from "@web/components/empty-state";
import { FullPageSpinner } from "@web/components/full-page-spinner";
import { Button, buttonVariants } from "@web/components/ui/button";
import { useConversationThread } from "../lib/use-conversation-thread";
import { Composer } from "./composer";
import { ConversationActions } from "./conversation-actions";
import { ConversationHeader } from "./conversation-header";
import { MessageThread } from "./message-thread";
import { OperatorModeBar } from "./operator-mode-bar";

export interface SimulatorSlotProps {
  conversation: ApiConversationDetail;
  messages: ApiMessage[];
}

function BackLink() {
  return (
    <Link to="/conversations" aria-label={TX.back} title={TX.back} data-testid="back-to-list" className={buttonVariants({ variant: "ghost", size: "icon-sm" })}>
      <ArrowLeft aria-hidden />
    </Link>
  );
}

// /chat/{id}: one conversation with the operator-mode switch; sandbox accounts get the simulator beside it.
export function ChatScreen({ id, renderSimulator }: { id: string; renderSimulator?: (props: SimulatorSlotProps) => ReactNode }) {
  const thread = useConversationThread(id);
  const [simulatorOpen, setSimulatorOpen] = useState(true);

  if (thread.isPending) return <FullPageSpinner />;
  if (!thread.conversation) {
    return (
      <EmptyState title={thread.notFound ? TX.notFound : TX.listLoadError} icon={<SearchX className="size-6" aria-hidden />}>
        <div className="flex flex-wrap justify-center gap-2">
          {thread.notFound ? null : (
            <Button variant="outline" onClick={() => void thread.refetch()}>
              {T.retry}
            </Button>
          )}
          <Link to="/conversations" className={buttonVariants({ variant: "outline" })}>
            <ArrowLeft aria-hidden />
            {TX.back}
          </Link>
        </div>
      </EmptyState>
    );
  }

  const conversation = thread.conversation;
  const simulator = conversation.sandbox && renderSimulator ? renderSimulator : null;
  const simulatorLabel = simulatorOpen ? SX.hide : SX.show;

  return (
    <div className="flex flex-col gap-4 lg:flex-row" data-testid="chat-screen">
      <section
        className="flex h-[calc(100dvh-6rem)] min-h-[28rem] min-w-0 flex-1 flex-col overflow-hidden rounded-xl border bg-card shadow-sm md:h-[calc(100dvh-7rem)]"
        aria-label={TX.chat}
      >
        <ConversationHeader
          conversation={conversation}
          live={thread.live}
          leading={<BackLink />}
          actions={
            <>
              <ConversationActions conversation={conversation} />
              {simulator ? (
              <Button
                variant={simulatorOpen ? "soft" : "outline"}
                size="sm"
                onClick={() => setSimulatorOpen((open) => !open)}
                aria-pressed={simulatorOpen}
                title={simulatorLabel}
                data-testid="simulator-toggle"
              >
                <Smartphone aria-hidden />
                {/* A toggle keeps one name, its visible text; aria-pressed tells whether it is open. */}
                <span className="sr-only sm:not-sr-only">{SX.title}</span>
              </Button>
              ) : null}
            </>
          }
        />
        <OperatorModeBar conversation={conversation} />
        <MessageThread conversation={conversation} thread={thread} />
        <Composer conversation={conversation} operatorMessage />
      </section>
      {simulator && simulatorOpen ? (
        <aside className="shrink-0 lg:h-[calc(100dvh-7rem)] lg:w-[340px]" aria-label={SX.title}>
          {simulator({ conversation, messages: thread.messages })}
        </aside>
      ) : null}
    </div>
  );
}
