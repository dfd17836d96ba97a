import { and, asc, desc, eq, gt, gte, inArray, isNotNull, like, lt, lte, or, sql } from "drizzle-orm";
import type { Db, Statement } from "../../db/client";
import { conversations, messages, optOuts } from "../../db/schema";

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
type NewMessage = typeof messages.$inferInsert;

// Arrival order: D1 serialises writes, so rowid follows the order messages were stored.
const arrival = [asc(messages.createdAt), asc(sql`${messages}.rowid`)];

const withOptOut = {
  conversation: conversations,
  // Spelled out with table names: drizzle leaves columns unqualified in single-table selects.
  optedOut: sql<number>`exists(select 1 from "opt_outs" o where o."twilio_account_id" = "conversations"."twilio_account_id" and o."phone_number" = "conversations"."phone_number")`,
};

export async function findConversation(db: Db, id: string) {
  const [row] = await db.select(withOptOut).from(conversations).where(eq(conversations.id, id)).limit(1);
  return row;
}

export function findConversationByPhone(db: Db, accountId: string, phone: string) {
  return db.query.conversations.findFirst({
    where: and(eq(conversations.twilioAccountId, accountId), eq(conversations.phoneNumber, phone)),
  });
}

// Find or create by account + phone; the unique index makes concurrent first messages safe.
export async function ensureConversation(db: Db, values: typeof conversations.$inferInsert & { twilioAccountId: string; phoneNumber: string }) {
  await db.insert(conversations).values(values).onConflictDoNothing({ target: [conversations.twilioAccountId, conversations.phoneNumber] });
  return (await findConversationByPhone(db, values.twilioAccountId, values.phoneNumber))!;
}

export interface ListFilter {
  search?: string;
  from?: Date;
  to?: Date;
  limit: number;
  before?: Date;
}

export function listConversations(db: Db, accountId: string, filter: ListFilter) {
  const conditions = [eq(conversations.twilioAccountId, accountId)];
  if (filter.search) {
    const term = `%${filter.search.replace(/[%_]/g, "")}%`;
    conditions.push(or(like(conversations.customerName, term), like(conversations.phoneNumber, term), like(conversations.lastMessage, term))!);
  }
  const when = sql`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt})`;
  if (filter.from) conditions.push(gte(when, filter.from.getTime()));
  if (filter.to) conditions.push(lte(when, filter.to.getTime()));
  if (filter.before) conditions.push(lt(when, filter.before.getTime()));
  return db
    .select(withOptOut)
    .from(conversations)
    .where(and(...conditions))
    .orderBy(desc(when))
    .limit(filter.limit);
}

export function listActiveConversations(db: Db, accountId: string, limit: number) {
  return db
    .select(withOptOut)
    .from(conversations)
    .where(and(eq(conversations.twilioAccountId, accountId), eq(conversations.status, "active")))
    .orderBy(desc(sql`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt})`))
    .limit(limit);
}

// A conversation is unread when its last message is newer than the last time it was opened.
export async function countUnread(db: Db, accountId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(conversations)
    .where(
      and(
        eq(conversations.twilioAccountId, accountId),
        isNotNull(conversations.lastMessageAt),
        gt(conversations.lastMessageAt, sql`coalesce(${conversations.lastReadAt}, 0)`),
      ),
    );
  return row?.n ?? 0;
}

export function updateConversation(db: Db, id: string, values: Partial<ConversationRow>) {
  return db.update(conversations).set(values).where(eq(conversations.id, id));
}

export function deleteConversation(db: Db, id: string) {
  return db.delete(conversations).where(eq(conversations.id, id));
}

export function listMessages(db: Db, conversationId: string, limit = 500) {
  return db.select().from(messages).where(eq(messages.conversationId, conversationId)).orderBy(...arrival).limit(limit);
}

// The last N messages in arrival order (the model's context).
export async function lastMessages(db: Db, conversationId: string, n: number) {
  const rows = await db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(desc(messages.createdAt), desc(sql`${messages}.rowid`))
    .limit(n);
  return rows.reverse();
}

export function findMessage(db: Db, id: string) {
  return db.query.messages.findFirst({ where: eq(messages.id, id) });
}

export function findMessageBySid(db: Db, sid: string) {
  return db.query.messages.findFirst({ where: eq(messages.twilioMessageId, sid) });
}

// Inserts unless a message with the same Twilio sid (or the same reply-to) exists; answers the new row or nothing.
export async function insertMessageOnce(db: Db, values: NewMessage) {
  const [row] = await db.insert(messages).values(values).onConflictDoNothing().returning();
  return row;
}

export function updateMessage(db: Db, id: string, values: Partial<MessageRow>) {
  return db.update(messages).set(values).where(eq(messages.id, id));
}

// Claims a queued outbound message for sending; only one consumer wins.
export async function claimForSending(db: Db, id: string) {
  const [row] = await db
    .update(messages)
    .set({ status: "sending", sendAttempts: sql`${messages.sendAttempts} + 1` })
    .where(and(eq(messages.id, id), inArray(messages.status, ["queued", "sending"]), sql`${messages.twilioMessageId} is null`))
    .returning();
  return row;
}

export async function isOptedOut(db: Db, accountId: string, phone: string) {
  const row = await db.query.optOuts.findFirst({
    where: and(eq(optOuts.twilioAccountId, accountId), eq(optOuts.phoneNumber, phone)),
    columns: { id: true },
  });
  return !!row;
}

export function addOptOut(db: Db, accountId: string, phone: string, keyword: string) {
  return db.insert(optOuts).values({ twilioAccountId: accountId, phoneNumber: phone, keyword }).onConflictDoNothing();
}

export function removeOptOut(db: Db, accountId: string, phone: string) {
  return db.delete(optOuts).where(and(eq(optOuts.twilioAccountId, accountId), eq(optOuts.phoneNumber, phone)));
}

export function lastCustomerMessage(db: Db, conversationId: string) {
  return db.query.messages.findFirst({
    where: and(eq(messages.conversationId, conversationId), eq(messages.sender, "customer")),
    orderBy: [desc(messages.createdAt), desc(sql`${messages}.rowid`)],
  });
}

export interface InboundToStore {
  account: { id: string; userId: string };
  inbound: { sid: string; from: string; body: string; profileName?: string };
  now: Date;
}

export type StoredInbound = { conversation: ConversationRow; message: MessageRow; optedOut: boolean } | null;

// Stores inbound customer messages in ONE transaction, however many: for each, find-or-create the
// conversation, insert the message once per Twilio sid, touch the conversation only if the message
// was new, and read the opt-out flag. Answers null for a replayed sid.
export async function storeInbounds(db: Db, items: InboundToStore[]): Promise<StoredInbound[]> {
  const statements = items.flatMap(({ account, inbound, now }) => {
    const messageId = crypto.randomUUID();
    const ofThisConversation = and(eq(conversations.twilioAccountId, account.id), eq(conversations.phoneNumber, inbound.from));
    return [
      db
        .insert(conversations)
        .values({ userId: account.userId, twilioAccountId: account.id, phoneNumber: inbound.from, customerName: inbound.profileName || null, createdAt: now, updatedAt: now })
        .onConflictDoNothing({ target: [conversations.twilioAccountId, conversations.phoneNumber] }),
      db
        .insert(messages)
        .values({
          id: messageId,
          conversationId: sql`(select "id" from "conversations" where "twilio_account_id" = ${account.id} and "phone_number" = ${inbound.from})`,
          content: inbound.body,
          isFromBot: false,
          sender: "customer",
          status: "received",
          twilioMessageId: inbound.sid,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning(),
      db
        .update(conversations)
        .set({
          lastMessage: inbound.body,
          lastMessageAt: now,
          lastInboundAt: now,
          customerName: sql`coalesce(${conversations.customerName}, ${inbound.profileName || null})`,
          updatedAt: now,
        })
        .where(and(ofThisConversation, sql`exists(select 1 from "messages" where "messages"."id" = ${messageId})`))
        .returning(),
      db
        .select({ optedOut: withOptOut.optedOut })
        .from(conversations)
        .where(ofThisConversation)
        .limit(1),
    ];
  });
  if (statements.length === 0) return [];
  const results = (await db.batch(statements as unknown as [Statement, ...Statement[]])) as unknown[][];
  return items.map((_, i) => {
    const [message] = results[i * 4 + 1] as MessageRow[];
    const [conversation] = results[i * 4 + 2] as ConversationRow[];
    const [flags] = results[i * 4 + 3] as { optedOut: number }[];
    return message && conversation ? { conversation, message, optedOut: !!flags?.optedOut } : null;
  });
}
