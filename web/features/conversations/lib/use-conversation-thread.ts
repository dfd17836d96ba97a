import { useEffect, useRef } from "react";
import { errorStatus } from "../../../lib/server-error";
import { useConversationLive } from "../api/conversation-live";
import { useConversation } from "../api/get-conversation";
import { useMessages } from "../api/get-messages";
import { useMarkRead } from "../api/mark-read";
import { freshestMessages } from "./live-cache";

// One open conversation: its detail and messages (polled only without the live socket), marked
// read on opening and again when the customer writes while it is on screen.
export function useConversationThread(id: string) {
  const markRead = useMarkRead();
  const markReadRef = useRef(markRead.mutate);
  markReadRef.current = markRead.mutate;
  const { live } = useConversationLive(id, { onCustomerMessage: () => markReadRef.current(id) });
  const detail = useConversation(id, { live });
  const messages = useMessages(id, { live });

  useEffect(() => {
    markReadRef.current(id);
  }, [id]);

  const thread = freshestMessages(
    { data: detail.data, updatedAt: detail.dataUpdatedAt },
    { data: messages.data, updatedAt: messages.dataUpdatedAt },
  );
  return {
    conversation: detail.data ?? null,
    messages: thread,
    live,
    isPending: detail.isPending,
    notFound: (detail.isError && errorStatus(detail.error) === 404) || (detail.isSuccess && !detail.data),
    isError: detail.isError,
    refetch: detail.refetch,
  };
}
