import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { accountMediaSettings, messageMedia } from "@worker/db/schema";

export type MediaRow = typeof messageMedia.$inferSelect;
export type NewMedia = typeof messageMedia.$inferInsert;

// A message's attachments as one JSON array column of a messages select, so that a page of messages
// reads them in the same statement (through message_media_message_position_uq), never one query more.
export const mediaJsonColumn = sql<string | null>`(select json_group_array(json_object('id', mm."id", 'position', mm."position", 'contentType', mm."content_type", 'size', mm."size", 'fileName', mm."file_name", 'status', mm."status", 'failureReason', mm."failure_reason", 'transcript', mm."transcript")) from "message_media" mm where mm."message_id" = "messages"."id")`;

export type EmbeddedMedia = Pick<MediaRow, "id" | "position" | "contentType" | "size" | "fileName" | "status" | "failureReason" | "transcript">;

export function findMedia(db: Db, id: string) {
  return db.query.messageMedia.findFirst({ where: eq(messageMedia.id, id) });
}

export function mediaOfMessage(db: Db, messageId: string) {
  return db.select().from(messageMedia).where(eq(messageMedia.messageId, messageId)).orderBy(asc(messageMedia.position));
}

// The attachments of some messages of one conversation; the ids travel as one JSON parameter
// (D1 binds at most 100 values per statement, and a page has up to 500 messages).
export async function mediaOfMessages(db: Db, conversationId: string, messageIds: string[]) {
  if (messageIds.length === 0) return [];
  return db
    .select()
    .from(messageMedia)
    .where(
      and(
        eq(messageMedia.conversationId, conversationId),
        sql`${messageMedia.messageId} in (select value from json_each(${JSON.stringify(messageIds)}))`,
      ),
    )
    .orderBy(asc(messageMedia.position));
}

// Once per message and position: a redelivered webhook or job adds nothing.
export async function insertMedia(db: Db, rows: NewMedia[]) {
  if (rows.length === 0) return;
  await db.insert(messageMedia).values(rows).onConflictDoNothing();
}

export function updateMedia(db: Db, id: string, values: Partial<MediaRow>) {
  return db.update(messageMedia).set(values).where(eq(messageMedia.id, id));
}

// Whether any of these messages still waits for an attachment to arrive.
export async function hasPendingMedia(db: Db, messageIds: string[]) {
  if (messageIds.length === 0) return false;
  const [row] = await db
    .select({ id: messageMedia.id })
    .from(messageMedia)
    .where(and(inArray(messageMedia.messageId, messageIds.slice(0, 50)), eq(messageMedia.status, "pending")))
    .limit(1);
  return !!row;
}

export function findSettings(db: Db, accountId: string) {
  return db.query.accountMediaSettings.findFirst({ where: eq(accountMediaSettings.twilioAccountId, accountId) });
}

export async function saveSettings(db: Db, accountId: string, values: { voiceAi?: boolean; visionAi?: boolean; transcriptionModel?: string }) {
  await db
    .insert(accountMediaSettings)
    .values({ twilioAccountId: accountId, ...values })
    .onConflictDoUpdate({ target: accountMediaSettings.twilioAccountId, set: { ...values, updatedAt: new Date() } });
}
