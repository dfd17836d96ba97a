import { Link } from "@tanstack/react-router";
import { ArrowLeft, ExternalLink, SearchX, Trash } from "lucide-react";
import { CONVERSATION_TEXTS as TX } from "@shared/texts/conversations";
import { T } from "@shared/strings";
import { EmptyState } from "@web/components/empty-state";
import { Button, buttonVariants } from "@web/components/ui/button";
import { Spinner } from "@web/components/ui/spinner";
import { toast } from "@web/lib/toast-store";
import { useDeleteConversation } from "../api/delete-conversation";
import { useConversationThread } from "../lib/use-conversation-thread";
import { Composer } from "./composer";
import { ConversationActions } from "./conversation-actions";
import { ConversationHeader } from "./conversation-header";
import { MessageThread } from "./message-thread";
import { OperatorModeBar } from "./operator-mode-bar";

export function BackButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="ghost" size="icon-sm" onClick={onClick} aria-label={TX.back} title={TX.back} data-testid="back-to-list">
      <ArrowLeft aria-hidden />
    </Button>
  );
}

// The detail side of 'Chat WhatsApp': header with actions, thread, composer.
export function ConversationPane({
  id,
  onBack,
  onDeleted,
}: {
  id: string;
  onBack?: () => void;
  onDeleted: () => void;
}) {
  const thread = useConversationThread(id);
  const deletion = useDeleteConversation({
    onSuccess: () => {
      toast({ title: TX.deleted, variant: "success" });
      onDeleted();
    },
  });

  if (thread.isPending) {
    return (
      <div className="flex flex-1 items-center justify-center">
        <Spinner label={T.loading} />
      </div>
    );
  }
  if (!thread.conversation) {
    return (
      <div className="flex flex-1 flex-col p-4">
        {onBack ? <BackButton onClick={onBack} /> : null}
        <EmptyState title={thread.notFound ? TX.notFound : TX.listLoadError} icon={<SearchX className="size-6" aria-hidden />} className="flex-1 border-0">
          {thread.notFound ? null : (
            <Button variant="outline" onClick={() => void thread.refetch()}>
              {T.retry}
            </Button>
          )}
        </EmptyState>
      </div>
    );
  }

  const conversation = thread.conversation;
  const remove = () => {
    if (!window.confirm(TX.deleteConfirm)) return;
    deletion.mutate(conversation.id);
  };

  return (
    <>
      <ConversationHeader
        conversation={conversation}
        live={thread.live}
        leading={onBack ? <BackButton onClick={onBack} /> : null}
        actions={
          <>
            <ConversationActions conversation={conversation} />
            <Link
              to="/chat/$id"
              params={{ id: conversation.id }}
              aria-label={TX.openChat}
              title={TX.openChat}
              data-testid="open-chat"
              className={buttonVariants({ variant: "ghost", size: "icon-sm" })}
            >
              <ExternalLink aria-hidden />
            </Link>
            <Button
              variant="ghost-destructive"
              size="icon-sm"
              onClick={remove}
              disabled={deletion.isPending}
              aria-label={T.delete}
              title={T.delete}
              data-testid="delete-conversation"
            >
              <Trash aria-hidden />
            </Button>
          </>
        }
      />
      <OperatorModeBar conversation={conversation} />
      <MessageThread conversation={conversation} thread={thread} />
      <Composer conversation={conversation} />
    </>
  );
}
