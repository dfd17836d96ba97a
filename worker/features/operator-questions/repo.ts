import { and, desc, eq, lte } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { conversations, operatorQuestions } from "@worker/db/schema";
import { reachableBy, type Tenant } from "@worker/db/tenancy";

// Open questions stay until answered (then deleted) or dismissed; `activated` marks the ones that
// expired and put their conversation in operator mode.
export function listForAccount(db: Db, accountId: string) {
  return db
    .select({ question: operatorQuestions, customerName: conversations.customerName })
    .from(operatorQuestions)
    .innerJoin(conversations, eq(conversations.id, operatorQuestions.conversationId))
    .where(eq(conversations.twilioAccountId, accountId))
    .orderBy(desc(operatorQuestions.createdAt))
    .limit(100);
}

// The question with its conversation, if the conversation's account is one the user may reach.
export async function findWithConversationForUser(db: Db, id: string, user: Tenant) {
  const [row] = await db
    .select({ question: operatorQuestions, conversation: conversations })
    .from(operatorQuestions)
    .innerJoin(conversations, eq(conversations.id, operatorQuestions.conversationId))
    .where(and(eq(operatorQuestions.id, id), reachableBy(user, conversations.twilioAccountId)))
    .limit(1);
  return row;
}

export function insertQuestion(db: Db, values: typeof operatorQuestions.$inferInsert) {
  return db.insert(operatorQuestions).values(values).returning();
}

export function deleteQuestion(db: Db, id: string) {
  return db.delete(operatorQuestions).where(eq(operatorQuestions.id, id));
}

// Marks the unanswered questions past their expiry; answers them with their conversations.
export function expireDue(db: Db, now: Date) {
  return db
    .update(operatorQuestions)
    .set({ activated: true })
    .where(and(eq(operatorQuestions.activated, false), lte(operatorQuestions.expiresAt, now)))
    .returning({ id: operatorQuestions.id, conversationId: operatorQuestions.conversationId });
}
