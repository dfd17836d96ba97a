import type { ApiBookingSettings } from "../../../../src/shared/schemas/agent";
import type { Db } from "../../../db/client";
import type { AccountRow } from "../../accounts/repo";
import type { ConversationRow } from "../../conversations/repo";

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
