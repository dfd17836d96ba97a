import { CONVERSATION_TEXTS as TX } from "@shared/texts/conversations";
import { Badge } from "@web/components/ui/badge";
import { statusLabel } from "@web/lib/conversation-format";

export function StatusBadge({ status }: { status: string }) {
  const variant = status === "active" ? "success" : status === "waiting" ? "warning" : "outline";
  return (
    <Badge variant={variant} data-testid="status-badge">
      {statusLabel(status)}
    </Badge>
  );
}

export function OptedOutBadge() {
  return (
    <Badge variant="destructive" title={TX.optedOut} data-testid="opted-out-badge">
      {TX.optedOutBadge}
    </Badge>
  );
}
