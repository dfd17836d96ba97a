import { useUnreadCount } from "../features/conversations/api/get-unread-count";
import { useAccountLive } from "../lib/live/account-live";
import { useInboxAlerts } from "../lib/live/inbox-alerts";
import { useActiveAccount } from "../lib/queries/get-active-account";

// The console's account socket, the unread count in the tab title and the new-message notifications.
export function InboxLive({ userId }: { userId: string }) {
  const { data: account } = useActiveAccount();
  const { data: unread = 0 } = useUnreadCount();
  const notify = useInboxAlerts(unread);
  useAccountLive(userId, account?.id ?? null, { onCustomerMessage: notify });
  return null;
}
