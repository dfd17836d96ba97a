import { Bell } from "lucide-react";
import { useState } from "react";
import { CONVERSATION_TEXTS as TX } from "@shared/texts/conversations";
import { Button } from "@web/components/ui/button";
import { notificationsSupported } from "@web/lib/live/inbox-alerts";

// Asks the browser for permission once; the shell notifies new customer messages after that.
export function NotificationToggle() {
  const [permission, setPermission] = useState(() => (notificationsSupported() ? Notification.permission : "unsupported"));
  if (permission === "granted" || permission === "unsupported") return null;
  if (permission === "denied") return <p className="text-[11px] text-muted-foreground">{TX.notificationsDenied}</p>;
  return (
    <Button
      variant="outline"
      size="sm"
      title={TX.notificationsHint}
      data-testid="enable-notifications"
      onClick={() => void Notification.requestPermission().then(setPermission)}
    >
      <Bell aria-hidden />
      {TX.notificationsEnable}
    </Button>
  );
}
