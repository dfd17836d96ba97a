import { and, eq } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { insertIfAbsent } from "@worker/db/rows";
import { savedReplies } from "@worker/db/schema";

export type SavedReplyRow = typeof savedReplies.$inferSelect;

export function listSavedReplies(db: Db, accountId: string) {
  return db.select().from(savedReplies).where(eq(savedReplies.twilioAccountId, accountId)).orderBy(savedReplies.shortcut);
}

// Answers nothing when the account has that shortcut already.
export const insertSavedReply = (db: Db, values: { twilioAccountId: string; shortcut: string; content: string }) => insertIfAbsent(db, savedReplies, values);

export function findSavedReply(db: Db, accountId: string, id: string) {
  return db.query.savedReplies.findFirst({ where: and(eq(savedReplies.id, id), eq(savedReplies.twilioAccountId, accountId)) });
}

export function findByShortcut(db: Db, accountId: string, shortcut: string) {
  return db.query.savedReplies.findFirst({ where: and(eq(savedReplies.twilioAccountId, accountId), eq(savedReplies.shortcut, shortcut)) });
}

export async function updateSavedReply(db: Db, accountId: string, id: string, values: { shortcut: string; content: string }) {
  const [row] = await db
    .update(savedReplies)
    .set(values)
    .where(and(eq(savedReplies.id, id), eq(savedReplies.twilioAccountId, accountId)))
    .returning();
  return row;
}

export async function deleteSavedReply(db: Db, accountId: string, id: string) {
  const rows = await db
    .delete(savedReplies)
    .where(and(eq(savedReplies.id, id), eq(savedReplies.twilioAccountId, accountId)))
    .returning({ id: savedReplies.id });
  return rows.length > 0;
}
