import type { ApiBookingSettings } from "@shared/schemas/agent";
import type { Db } from "@worker/db/client";
import type { AccountRow } from "@worker/features/accounts/repo";
import type { ConversationRow } from "@worker/features/conversations/repo";

export interface ToolContext {
  env: Env;
  db: Db;
  account: AccountRow;
  conversation: ConversationRow;
  // The account's opening hours, or null when none are set (booking tools then refuse).
  booking: ApiBookingSettings | null;
  replyToId: string;
  now: Date;
}

export interface ToolOutcome {
  status: "ok" | "refused";
  // What goes back to the model as the tool's result.
  forModel: Record<string, unknown>;
  // The chat's event line; refusals get a line built from `reason`.
  eventText?: string;
  reason?: string;
  calendarEventId?: string;
  // The reply ends here with this text (the hand-over to a person).
  endReply?: boolean;
}
