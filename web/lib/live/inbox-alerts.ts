import { useCallback, useEffect, useState } from "react";
import type { ApiConversation } from "@shared/schemas/conversations";
import { nameOrPhone } from "../conversation-format";

// The tab's own title, with the unread count in front while the tab is hidden.
export function titleWithUnread(base: string, unread: number, hidden: boolean): string {
  const plain = base.replace(/^\(\d+\) /, "");
  return hidden && unread > 0 ? `(${unread}) ${plain}` : plain;
}

function useDocumentHidden() {
  const [hidden, setHidden] = useState(() => typeof document !== "undefined" && document.hidden);
  useEffect(() => {
    const update = () => setHidden(document.hidden);
    document.addEventListener("visibilitychange", update);
    return () => document.removeEventListener("visibilitychange", update);
  }, []);
  return hidden;
}

export const notificationsSupported = () => typeof window !== "undefined" && "Notification" in window;

// While the tab is hidden: the unread count in its title, and a browser notification for each new
// customer message once the user allowed notifications.
export function useInboxAlerts(unread: number) {
  const hidden = useDocumentHidden();
  useEffect(() => {
    document.title = titleWithUnread(document.title, unread, hidden);
  }, [unread, hidden]);
  return useCallback((conversation: ApiConversation) => {
    if (!document.hidden || !notificationsSupported() || Notification.permission !== "granted") return;
    const notification = new Notification(nameOrPhone(conversation), { body: conversation.lastMessage ?? "", tag: conversation.id });
    notification.onclick = () => {
      window.focus();
      window.location.assign(`/chat/${encodeURIComponent(conversation.id)}`);
    };
  }, []);
}
