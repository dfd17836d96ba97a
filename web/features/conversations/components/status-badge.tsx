import { CONVERSATION_TEXTS as TX } from "../../../../src/shared/conversation-texts";
import { Badge } from "../../../components/ui/badge";
import { statusLabel } from "../../../lib/conversation-format";

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
