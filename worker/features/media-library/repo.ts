import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { mediaLibrary, messageMedia } from "@worker/db/schema";

export type LibraryRow = typeof mediaLibrary.$inferSelect;

export function listLibrary(db: Db, accountId: string) {
  return db.select().from(mediaLibrary).where(eq(mediaLibrary.twilioAccountId, accountId)).orderBy(asc(mediaLibrary.createdAt));
}

export function findItem(db: Db, accountId: string, id: string) {
  return db.query.mediaLibrary.findFirst({ where: and(eq(mediaLibrary.id, id), eq(mediaLibrary.twilioAccountId, accountId)) });
}

// The model names a document by its title; case and spaces around it do not matter.
export function findByTitle(db: Db, accountId: string, title: string) {
  return db.query.mediaLibrary.findFirst({ where: and(eq(mediaLibrary.twilioAccountId, accountId), sql`lower(trim(${mediaLibrary.title})) = ${title.trim().toLowerCase()}`) });
}

// Null when the title is taken (the unique index decides, also between two uploads at once).
export async function insertItem(db: Db, row: typeof mediaLibrary.$inferInsert) {
  const [inserted] = await db.insert(mediaLibrary).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

export function deleteItem(db: Db, id: string) {
  return db.delete(mediaLibrary).where(eq(mediaLibrary.id, id));
}

// Whether a message sent from the library still shows this file in a chat.
export async function isSent(db: Db, r2Key: string) {
  const [row] = await db.select({ id: messageMedia.id }).from(messageMedia).where(eq(messageMedia.r2Key, r2Key)).limit(1);
  return !!row;
}
