import { type ApiAgentActivity, type ApiBookingSettings, type AgentToolName, type BookingSettingsInput, DEFAULT_BOOKING_SETTINGS } from "@shared/schemas/agent";
import { AGENT_TEXTS as TX } from "@shared/texts/agent";
import type { Db } from "@worker/db/client";
import { badRequest } from "@worker/lib/http-error";
import type { SessionUser } from "@worker/types";
import type { AccountRow } from "../accounts/repo";
import { getConversationForUser } from "../conversations/service";
import { findProviderTemplate } from "../provider-templates/service";
import * as repo from "./repo";

function toApiBooking(row: repo.BookingSettingsRow | undefined): ApiBookingSettings {
  if (!row) return DEFAULT_BOOKING_SETTINGS;
  return {
    openingHours: row.openingHours,
    slotMinutes: row.slotMinutes,
    minNoticeMinutes: row.minNoticeMinutes,
    daysAhead: row.daysAhead,
    reminderTemplateSid: row.reminderTemplateSid,
    reminderMinutes: row.reminderMinutes,
  };
}

// The opening hours the booking tools use; null when the account set none (every day closed).
export async function bookingOf(db: Db, accountId: string): Promise<ApiBookingSettings | null> {
  const row = await repo.findBookingSettings(db, accountId);
  return row && row.openingHours.some((d) => d.length > 0) ? toApiBooking(row) : null;
}

export async function getBookingSettings(db: Db, account: AccountRow) {
  return toApiBooking(await repo.findBookingSettings(db, account.id));
}

export async function saveBookingSettings(env: Env, db: Db, user: SessionUser, account: AccountRow, input: BookingSettingsInput) {
  const previous = await repo.findBookingSettings(db, account.id);
  // The customer's reminder goes out through this template whatever the window: it must be approved.
  if (input.reminderTemplateSid && input.reminderTemplateSid !== previous?.reminderTemplateSid) {
    const template = await findProviderTemplate(env, account, input.reminderTemplateSid);
    if (!template || template.status !== "approved") {
      throw badRequest(TX.templateNotApproved, [{ path: "reminderTemplateSid", message: TX.templateNotApproved }]);
    }
  }
  return toApiBooking(await repo.upsertBookingSettings(db, { twilioAccountId: account.id, userId: user.id, ...input }));
}

// The agent's tool calls in a conversation (oldest first) and its hand-over summary while a person has it.
export async function activityOf(db: Db, user: SessionUser, conversationId: string): Promise<ApiAgentActivity> {
  const found = await getConversationForUser(db, user, conversationId);
  const rows = (await repo.toolCallsOf(db, conversationId)).reverse();
  const handoff = found.conversation.operatorMode ? await repo.lastHandoff(db, conversationId) : undefined;
  const args = (handoff?.arguments ?? {}) as { richiesta?: string; promesso?: string; mancante?: string };
  return {
    events: rows
      .filter((r) => r.eventText)
      .map((r) => ({ id: r.id, tool: r.tool as AgentToolName, status: r.status, text: r.eventText!, createdAt: r.createdAt.toISOString() })),
    handoff: handoff
      ? { richiesta: args.richiesta ?? "", promesso: args.promesso ?? null, mancante: args.mancante ?? null, createdAt: handoff.createdAt.toISOString() }
      : null,
  };
}
