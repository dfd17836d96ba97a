import { and, asc, desc, eq, getTableColumns, gt, gte, inArray, isNotNull, isNull, like, lt, lte, or, type Placeholder, sql, type Table } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { accountUsers, conversationLabelLinks, conversationListVersions, conversationLabels, conversationMessageVersions, conversationNotes, conversations, messages, optOuts, twilioAccounts, users } from "@worker/db/schema";
import { mediaJsonColumn } from "../media/repo";
import { insertIfAbsent, insertReturning } from "@worker/db/rows";
import { afterCursor, cursorPage, newestFirst } from "@worker/db/paging";
import { bound, compiledByShape, compileRead, compileWrite, placeholderSet, placeholdersFor, readRows, runStatements, slot, unionAll } from "@worker/db/compiled";

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
type NewMessage = typeof messages.$inferInsert;

// The columns a conversation shows in the API (toApiConversation), for the lists: the rest of the row
// (owner, prompt, rollup counters) would only travel through D1 to be dropped. An update of any of them
// moves the account's list version (migrations/0023_conversation_list_versions.sql; a test holds them equal).
export const apiColumns = {
  id: conversations.id,
  twilioAccountId: conversations.twilioAccountId,
  customerName: conversations.customerName,
  customerCompany: conversations.customerCompany,
  phoneNumber: conversations.phoneNumber,
  lastMessage: conversations.lastMessage,
  lastMessageAt: conversations.lastMessageAt,
  lastReadAt: conversations.lastReadAt,
  lastInboundAt: conversations.lastInboundAt,
  createdAt: conversations.createdAt,
  status: conversations.status,
  operatorMode: conversations.operatorMode,
  aiStatus: conversations.aiStatus,
  aiError: conversations.aiError,
  channel: conversations.channel,
  archivedAt: conversations.archivedAt,
  assignedUserId: conversations.assignedUserId,
  templateSid: conversations.templateSid,
  templateName: conversations.templateName,
  templateCategory: conversations.templateCategory,
};
export type ApiConversationRow = Pick<ConversationRow, keyof typeof apiColumns>;

const withOptOut = {
  conversation: conversations,
  // Spelled out with table names: drizzle leaves columns unqualified in single-table selects.
  optedOut: sql<number>`exists(select 1 from "opt_outs" o where o."twilio_account_id" = "conversations"."twilio_account_id" and o."phone_number" = "conversations"."phone_number")`,
  // The conversation's label ids as a JSON array.
  labels: sql<string>`(select json_group_array(l."label_id") from "conversation_label_links" l where l."conversation_id" = "conversations"."id")`,
};
const listed = { ...withOptOut, conversation: apiColumns };

export async function findConversation(db: Db, id: string) {
  const [row] = await findConversationQuery(db, id);
  return row;
}

// The same read as a statement, to go in a batch with others (compiled: every send reads it).
const findConversationRead = compiledByShape((db) => compileRead(db.select(withOptOut).from(conversations).where(eq(conversations.id, sql.placeholder("id"))).limit(1)));
export function findConversationQuery(db: Db, id: string) {
  return bound(db, findConversationRead(db, null), { id });
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

// Find or create by account + phone in one statement, taking the template the conversation is
// (re)started with; a customer name already known is kept.
export async function upsertWithTemplate(db: Db, values: typeof conversations.$inferInsert & { twilioAccountId: string; phoneNumber: string }) {
  const [row] = await db
    .insert(conversations)
    .values(values)
    .onConflictDoUpdate({
      target: [conversations.twilioAccountId, conversations.phoneNumber],
      set: {
        templateSid: values.templateSid,
        templateName: values.templateName,
        templateCategory: values.templateCategory,
        promptId: values.promptId ?? null,
        status: values.status ?? "active",
        customerName: sql`coalesce(${conversations.customerName}, excluded.customer_name)`,
        updatedAt: new Date(),
      },
    })
    .returning();
  return row!;
}

export interface ListFilter {
  status?: string;
  search?: string;
  from?: Date;
  to?: Date;
  limit: number;
  before?: Date;
  // Continue after this entry: its activity time (ms) and id.
  after?: { at: number; id: string };
  view?: "open" | "archived" | "all";
  // A user id, or null for the unassigned ones.
  assignee?: string | null;
  labelId?: string;
}

// Newest activity first: by the last message, or the creation time of a conversation without one.
// Read as two index range scans of conversations_account_last_idx (account, last_message_at) in one
// statement (UNION ALL): the conversations with messages newest first, and those without any (rare)
// newest first, merged here. Ordering by coalesce(last_message_at, created_at) in SQL would read and
// sort every conversation of the account for each page.
// The account's list version comes first, in the same batch (one snapshot). The rows are read only when
// it differs from `known`, the version of the page the caller holds (-1 for none): otherwise no row.
export async function listConversations(db: Db, accountId: string, filter: ListFilter, known = -1) {
  const words = filter.search ? ftsQuery(filter.search) : null;
  const values = {
    accountId,
    status: filter.status,
    term: filter.search ? `%${filter.search.replace(/[%_]/g, "")}%` : undefined,
    words,
    from: filter.from?.getTime(),
    to: filter.to?.getTime(),
    before: filter.before?.getTime(),
    afterAt: filter.after?.at,
    afterId: filter.after?.id,
    assignee: filter.assignee,
    labelId: filter.labelId,
    limit: filter.limit,
    known,
  };
  const [[current], rows] = await runStatements(db, [bound(db, listVersionRead(db, null), values), bound(db, listRead(db, shapeOf(filter, words)), values)]);
  const when = (r: { conversation: ApiConversationRow }) => activityOf(r.conversation);
  return {
    version: current?.version ?? 0,
    rows: rows
      .sort((a, b) => when(b) - when(a) || (b.conversation.id < a.conversation.id ? -1 : b.conversation.id > a.conversation.id ? 1 : 0))
      .slice(0, filter.limit),
  };
}

const listVersion = sql<number>`coalesce((select ${conversationListVersions.version} from ${conversationListVersions} where ${conversationListVersions.twilioAccountId} = ${sql.placeholder("accountId")}), 0)`;
const listVersionRead = compiledByShape((db: Db) => compileRead(db.select({ version: listVersion.mapWith(Number) }).from(sql`(select 1)`)));

// Which filters a list read has: its two statements are compiled once per combination, the values
// bound as placeholders.
function shapeOf(filter: ListFilter, words: string | null) {
  return {
    status: !!filter.status,
    search: !!filter.search,
    words: !!words,
    from: !!filter.from,
    to: !!filter.to,
    before: !!filter.before,
    after: !!filter.after,
    view: filter.view ?? "all",
    assignee: filter.assignee === undefined ? "any" : filter.assignee === null ? "none" : "user",
    label: !!filter.labelId,
  } as const;
}
type ListShape = ReturnType<typeof shapeOf>;

const listStatements = (db: Db, shape: ListShape) => {
  const p = sql.placeholder;
  const common = [
    eq(conversations.twilioAccountId, p("accountId")),
    shape.status ? eq(conversations.status, p("status")) : undefined,
    shape.search
      ? or(
          like(conversations.customerName, p("term")),
          like(conversations.phoneNumber, p("term")),
          like(conversations.lastMessage, p("term")),
          // Any message of the conversation, through the full-text index (migrations/0016).
          shape.words
            ? sql`${conversations.id} in (select m."conversation_id" from "messages_fts" f join "messages" m on m.rowid = f.rowid where "messages_fts" match ${p("words")})`
            : undefined,
        )
      : undefined,
    shape.view === "open" ? isNull(conversations.archivedAt) : shape.view === "archived" ? isNotNull(conversations.archivedAt) : undefined,
    shape.assignee === "none" ? isNull(conversations.assignedUserId) : shape.assignee === "user" ? eq(conversations.assignedUserId, p("assignee")) : undefined,
    shape.label
      ? sql`exists(select 1 from "conversation_label_links" l where l."conversation_id" = "conversations"."id" and l."label_id" = ${p("labelId")})`
      : undefined,
  ];
  // Times are bound as epoch milliseconds, as the columns store them.
  const range = (column: typeof conversations.lastMessageAt | typeof conversations.createdAt) => [
    shape.from ? gte(column, p("from")) : undefined,
    shape.to ? lte(column, p("to")) : undefined,
    shape.before ? lt(column, p("before")) : undefined,
    // Keyset: strictly after the cursor's entry in (activity desc, id desc) order.
    shape.after ? or(lt(column, p("afterAt")), and(eq(column, p("afterAt")), lt(conversations.id, p("afterId")))) : undefined,
  ];
  // No row when the version is the known one: SQLite evaluates a LIMIT once, and a LIMIT of 0 reads
  // nothing (the same condition in the WHERE would be checked on every row of the account).
  // drizzle types a limit as a number or a placeholder, and writes any SQL it is given.
  const limit = sql`(case when ${listVersion} <> ${p("known")} then ${p("limit")} else 0 end)` as unknown as Placeholder;
  return [
    db
      .select(listed)
      .from(conversations)
      .where(and(...common, isNotNull(conversations.lastMessageAt), ...range(conversations.lastMessageAt)))
      .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
      .limit(limit),
    db
      .select(listed)
      .from(conversations)
      .where(and(...common, isNull(conversations.lastMessageAt), ...range(conversations.createdAt)))
      .orderBy(desc(conversations.createdAt), desc(conversations.id))
      .limit(limit),
  ] as const;
};
const listRead = compiledByShape((db: Db, shape: ListShape) => {
  const [withMessages, withoutMessages] = listStatements(db, shape);
  return unionAll(compileRead(withMessages), compileRead(withoutMessages));
});

// The search box as an FTS5 query: every word as a quoted prefix, all of them required; null when
// nothing searchable is left (punctuation only).
export function ftsQuery(search: string): string | null {
  const words = search.match(/[\p{L}\p{N}]+/gu);
  return words && words.length > 0 ? words.slice(0, 8).map((w) => `"${w}"*`).join(" ") : null;
}

export const activityOf = (c: Pick<ConversationRow, "lastMessageAt" | "createdAt">) => (c.lastMessageAt ?? c.createdAt).getTime();

// The users who may handle the account's conversations: its members and its creator.
export function listAccountUsers(db: Db, accountId: string) {
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(
      or(
        sql`exists(select 1 from "account_users" m where m."user_id" = ${users.id} and m."twilio_account_id" = ${accountId})`,
        sql`exists(select 1 from "twilio_accounts" a where a."user_id" = ${users.id} and a."id" = ${accountId})`,
      ),
    )
    .orderBy(users.email);
}

export async function isAccountUser(db: Db, accountId: string, userId: string) {
  const [member] = await db
    .select({ id: accountUsers.id })
    .from(accountUsers)
    .where(and(eq(accountUsers.twilioAccountId, accountId), eq(accountUsers.userId, userId)))
    .limit(1);
  if (member) return true;
  const [owner] = await db
    .select({ id: twilioAccounts.id })
    .from(twilioAccounts)
    .where(and(eq(twilioAccounts.id, accountId), eq(twilioAccounts.userId, userId)))
    .limit(1);
  return !!owner;
}

export type LabelRow = typeof conversationLabels.$inferSelect;

export function listLabels(db: Db, accountId: string) {
  return db.select().from(conversationLabels).where(eq(conversationLabels.twilioAccountId, accountId)).orderBy(conversationLabels.name);
}

// Answers the new label, or nothing when the account has one with that name.
export const insertLabel = (db: Db, values: { twilioAccountId: string; name: string; color: string }) => insertIfAbsent(db, conversationLabels, values);

export async function deleteLabel(db: Db, accountId: string, labelId: string) {
  const rows = await db
    .delete(conversationLabels)
    .where(and(eq(conversationLabels.id, labelId), eq(conversationLabels.twilioAccountId, accountId)))
    .returning({ id: conversationLabels.id });
  return rows.length > 0;
}

export async function countAccountLabels(db: Db, accountId: string, labelIds: string[]) {
  if (labelIds.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(conversationLabels)
    .where(and(eq(conversationLabels.twilioAccountId, accountId), inArray(conversationLabels.id, labelIds)));
  return row?.n ?? 0;
}

// Replaces the conversation's labels in one transaction.
export async function setLabels(db: Db, conversationId: string, labelIds: string[]) {
  await db.batch([
    db.delete(conversationLabelLinks).where(eq(conversationLabelLinks.conversationId, conversationId)),
    ...(labelIds.length > 0 ? [db.insert(conversationLabelLinks).values(labelIds.map((labelId) => ({ conversationId, labelId })))] : []),
  ]);
}

export type NoteRow = typeof conversationNotes.$inferSelect;

export const insertNote = (db: Db, values: typeof conversationNotes.$inferInsert) => insertReturning(db, conversationNotes, values);

// A conversation's notes, oldest first: a thread holds few, so all of them.
export function listNotes(db: Db, conversationId: string) {
  return db
    .select()
    .from(conversationNotes)
    .where(eq(conversationNotes.conversationId, conversationId))
    .orderBy(conversationNotes.createdAt, sql`${conversationNotes}.rowid`);
}

// The conversation, its opt-out flag and its provider account, if the user may reach that account
// (a super_admin reaches all, anyone else through account_users): one statement.
export async function findConversationForUser(db: Db, id: string, user: { id: string; role: string }) {
  const member =
    user.role === "super_admin"
      ? undefined
      : sql`exists(select 1 from "account_users" m where m."user_id" = ${user.id} and m."twilio_account_id" = "conversations"."twilio_account_id")`;
  const [row] = await db
    .select({ ...withOptOut, account: twilioAccounts })
    .from(conversations)
    .innerJoin(twilioAccounts, eq(twilioAccounts.id, conversations.twilioAccountId))
    .where(and(eq(conversations.id, id), member))
    .limit(1);
  return row;
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

// Compiled per set of columns; updated_at is now unless given.
const updateConversationWrite = compiledByShape((db, keys: string[]) =>
  compileWrite(db.update(conversations).set(placeholderSet(keys)).where(eq(conversations.id, sql.placeholder("where.id")))),
);
export function updateConversation(db: Db, id: string, values: Partial<ConversationRow>) {
  const set = placeholdersFor({ updatedAt: new Date(), ...values });
  return bound(db, updateConversationWrite(db, set.keys), { ...set.values, "where.id": id });
}

export function deleteConversation(db: Db, id: string) {
  return db.delete(conversations).where(eq(conversations.id, id));
}

// The columns the console shows of a message (service.toApiMessage), not the send bookkeeping. An update
// of any of them moves the conversation's thread version (migrations/0024_conversation_message_versions.sql;
// a test holds them equal).
export const apiMessageColumns = {
  id: messages.id,
  conversationId: messages.conversationId,
  content: messages.content,
  isFromBot: messages.isFromBot,
  sender: messages.sender,
  twilioMessageId: messages.twilioMessageId,
  status: messages.status,
  errorCode: messages.errorCode,
  errorMessage: messages.errorMessage,
  templateSid: messages.templateSid,
  sources: messages.sources,
  createdAt: messages.createdAt,
  location: messages.location,
  button: messages.button,
};
export type ApiMessageRow = Pick<MessageRow, keyof typeof apiMessageColumns>;

// A page of a conversation's messages: the newest `limit` (before the message `before`, when given),
// in arrival order, and the cursor of the page before it (its oldest message) when there is one.
// Arrival order: D1 serialises writes, so rowid follows the order messages were stored.
// With `viewerId`, only when that user is a member of the conversation's account (checked in the same
// batch as the page; an empty page says nothing about why). Compiled once: the thread is the console's
// busiest read.
// The conversation's thread version comes first in the batch (one snapshot), null when the viewer may not
// see it. The rows are read only when it differs from `known`, the version of the page the caller holds
// (-1 for none): otherwise no row.
const conversationId = sql.placeholder("conversationId");
const viewerId = sql.placeholder("viewerId");
const visibleToViewer = sql`exists(select 1 from "conversations" c where c."id" = ${conversationId} and (${viewerId} is null or exists(select 1 from "account_users" m where m."user_id" = ${viewerId} and m."twilio_account_id" = c."twilio_account_id")))`;
const threadVersion = sql<number>`coalesce((select ${conversationMessageVersions.version} from ${conversationMessageVersions} where ${conversationMessageVersions.conversationId} = ${conversationId}), 0)`;
const threadVersionRead = compiledByShape((db: Db) =>
  compileRead(db.select({ version: sql<number | null>`(case when ${visibleToViewer} then ${threadVersion} end)`.mapWith(Number) }).from(sql`(select 1)`)),
);
const messagePageRead = compiledByShape((db: Db, { before }: { before: boolean }) =>
  compileRead(
    db
      .select({ ...apiMessageColumns, mediaJson: mediaJsonColumn })
      .from(messages)
      .where(
        and(
          eq(messages.conversationId, conversationId),
          before ? afterCursor(messages, sql.placeholder("before"), { column: messages.conversationId, value: conversationId }) : undefined,
          visibleToViewer,
        ),
      )
      .orderBy(...newestFirst(messages))
      // As the list's: SQLite evaluates a LIMIT once, and 0 reads nothing.
      .limit(sql`(case when ${threadVersion} <> ${sql.placeholder("known")} then ${sql.placeholder("limit")} else 0 end)` as unknown as Placeholder),
  ),
);

type PageQuery = { limit: number; before?: string; viewerId?: string | null };
const pageValues = (id: string, { limit, before, viewerId = null }: PageQuery, known: number) => ({ conversationId: id, before, viewerId, limit: limit + 1, known });
function inArrivalOrder<Row extends { id: string }>(rows: Row[], limit: number) {
  const { page, nextCursor } = cursorPage(rows, limit);
  return { messages: page.reverse(), nextCursor };
}

// A page read afresh, its statement alone (for a caller that holds none).
export async function messagePage(db: Db, id: string, q: PageQuery) {
  return inArrivalOrder(await readRows(db, messagePageRead(db, { before: !!q.before }), pageValues(id, q, -1)), q.limit);
}

// The thread's version (null when the viewer may not see it) and the page, unless `known` is that version.
export async function versionedMessagePage(db: Db, id: string, q: PageQuery & { known: number }) {
  const values = pageValues(id, q, q.known);
  const [[current], rows] = await runStatements(db, [bound(db, threadVersionRead(db, null), values), bound(db, messagePageRead(db, { before: !!q.before }), values)]);
  return { version: current?.version ?? null, ...inArrivalOrder(rows, q.limit) };
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

// The parts of one AI reply, first to last: the first carries the reply-to key, part k carries "key#k".
export function replyParts(db: Db, conversationId: string, replyToId: string) {
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), sql`(${messages.replyToId} = ${replyToId} or ${messages.replyToId} like ${`${replyToId}#%`})`))
    .orderBy(asc(messages.createdAt));
}

// Compiled per set of columns: every send updates its message at least once.
const updateMessageWrite = compiledByShape((db, keys: string[]) => compileWrite(db.update(messages).set(placeholderSet(keys)).where(eq(messages.id, sql.placeholder("where.id")))));
export function updateMessage(db: Db, id: string, values: Partial<MessageRow>) {
  const set = placeholdersFor(values);
  return bound(db, updateMessageWrite(db, set.keys), { ...set.values, "where.id": id });
}

// A Twilio status for the message with this sid: applied when the message belongs to the account and
// its status is one of `from` (statuses only move on). Answers the message as changed, or no row.
// Compiled per shape: each campaign message gets two or three of these.
const statusBySidWrite = compiledByShape((db, shape: { from: string[]; error: boolean }) =>
  compileWrite(
    db
      .update(messages)
      .set({ status: slot("status"), ...(shape.error ? { errorCode: slot("errorCode"), errorMessage: slot("errorMessage") } : {}) })
      .where(
        and(
          eq(messages.twilioMessageId, sql.placeholder("sid")),
          inArray(sql`coalesce(${messages.status}, 'queued')`, shape.from),
          inArray(messages.conversationId, db.select({ id: conversations.id }).from(conversations).where(eq(conversations.twilioAccountId, sql.placeholder("accountId")))),
        ),
      )
      .returning({ id: messages.id, conversationId: messages.conversationId, errorCode: messages.errorCode, errorMessage: messages.errorMessage }),
  ),
);
export function statusBySidStatement(
  db: Db,
  o: { sid: string; accountId: string; status: MessageRow["status"]; from: string[]; error: { errorCode: string | null; errorMessage: string } | null },
) {
  return bound(db, statusBySidWrite(db, { from: o.from, error: o.error !== null }), { sid: o.sid, accountId: o.accountId, status: o.status, ...o.error });
}

// Claims a queued outbound message for sending; only one consumer wins. A message left "sending" is
// claimable again only once its lease has run out (its consumer died): a duplicate delivery of the job
// meanwhile does nothing, and the outbox sweep re-queues it after the lease.
export async function claimForSending(db: Db, id: string, now = new Date(), leaseMs = OUTBOX_LEASE_MS) {
  const [row] = await claimForSendingQuery(db, id, now, leaseMs);
  return row;
}

// The claim as a statement, to go in a batch with the reads a send needs.
const claimWrite = compiledByShape((db) =>
  compileWrite(
    db
      .update(messages)
      // The attempt is marked now, before Twilio is called; an earlier attempt's mark is kept.
      .set({ status: "sending", sendAttempts: sql`${messages.sendAttempts} + 1`, claimedAt: slot("now"), twilioAttemptAt: sql`coalesce(${messages.twilioAttemptAt}, ${sql.placeholder("nowMs")})` })
      .where(
        and(
          eq(messages.id, sql.placeholder("id")),
          sql`${messages.twilioMessageId} is null`,
          sql`(${messages.status} = 'queued' or (${messages.status} = 'sending' and coalesce(${messages.claimedAt}, 0) <= ${sql.placeholder("leaseStart")}))`,
        ),
      )
      .returning(),
  ),
);
export function claimForSendingQuery(db: Db, id: string, now = new Date(), leaseMs = OUTBOX_LEASE_MS) {
  return bound(db, claimWrite(db, null), { id, now, nowMs: now.getTime(), leaseStart: now.getTime() - leaseMs });
}

// How long a claimed send may take before it counts as abandoned (longer than the queue's longest backoff).
export const OUTBOX_LEASE_MS = 6 * 60_000;

// Outbound messages without a Twilio sid, queued or sending, untouched for longer than the lease.
export function abandonedOutbound(db: Db, now: Date, limit: number) {
  const before = now.getTime() - OUTBOX_LEASE_MS;
  return db
    .select({ id: messages.id, conversationId: messages.conversationId, createdAt: messages.createdAt })
    .from(messages)
    .where(
      and(
        sql`${messages.twilioMessageId} is null`,
        inArray(messages.status, ["queued", "sending"]),
        sql`${messages.createdAt} <= ${before}`,
        sql`coalesce(${messages.claimedAt}, 0) <= ${before}`,
      ),
    )
    .limit(limit);
}

// Sids of these that a message already carries (so a Twilio message is adopted at most once).
export async function knownTwilioSids(db: Db, sids: string[]) {
  if (sids.length === 0) return new Set<string>();
  const rows = await db.select({ sid: messages.twilioMessageId }).from(messages).where(inArray(messages.twilioMessageId, sids.slice(0, 90)));
  return new Set(rows.map((r) => r.sid));
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
  inbound: { sid: string; from: string; body: string; profileName?: string; channel?: "whatsapp" | "sms" };
  now: Date;
}

// A newly stored inbound message, its conversation as the batch left it, the opt-out flag, and whether
// the conversation's template has an active feedback memory (then the message gets analysed).
// listened: whether a console has the conversation open (a live socket is registered for its object).
export type StoredInbound = { conversation: ConversationRow; message: MessageRow; optedOut: boolean; feedbackMemory?: boolean; listened?: boolean } | null;

export interface StoredInbounds {
  stored: StoredInbound[];
  // Messages of replayed sids (from earlier batches) that are still their conversation's latest, with no
  // reply started: their first delivery may have stopped before announcing them.
  unfinished: MessageRow[];
  accountListened: boolean;
}

// A row as D1 answers it (SQL column names, driver values) as drizzle would map it.
const columnsOf = new Map<Table, [string, ReturnType<typeof getTableColumns>[string]][]>();
function fromRow<T extends Table>(table: T, row: Record<string, unknown>): T["$inferSelect"] {
  let columns = columnsOf.get(table);
  if (!columns) columnsOf.set(table, (columns = Object.entries(getTableColumns(table))));
  const out: Record<string, unknown> = {};
  for (const [key, col] of columns) {
    const value = row[col.name];
    out[key] = value === null || value === undefined ? null : col.mapFromDriverValue(value);
  }
  return out as T["$inferSelect"];
}

// The statements of storeInbounds. ?1 is the batch as a JSON array, read with json_each; j.key is the
// position in the batch, so ordering by it keeps arrival order.
const STORE_INBOUNDS = [
  `insert into "conversations" ("id", "user_id", "twilio_account_id", "phone_number", "customer_name", "channel", "created_at", "updated_at")
   select j.value->>'cid', j.value->>'uid', j.value->>'acct', j.value->>'phone', j.value->>'name', j.value->>'channel', j.value->>'at', j.value->>'at'
   from json_each(?1) j where true
   on conflict ("twilio_account_id", "phone_number") do nothing`,
  `insert into "messages" ("id", "conversation_id", "content", "is_from_bot", "sender", "status", "twilio_message_id", "created_at")
   select j.value->>'mid', (select c."id" from "conversations" c where c."twilio_account_id" = j.value->>'acct' and c."phone_number" = j.value->>'phone'),
     j.value->>'body', 0, 'customer', 'received', j.value->>'sid', j.value->>'at'
   from json_each(?1) j where true order by j.key
   on conflict do nothing
   returning *`,
  `update "conversations" set "last_message" = n.n_body, "last_message_at" = n.n_at, "last_inbound_at" = n.n_at,
     "customer_name" = coalesce("conversations"."customer_name", n.n_name), "channel" = n.n_channel, "updated_at" = n.n_at, "archived_at" = null
   from (select m."conversation_id" as n_cid, j.value->>'body' as n_body, j.value->>'at' as n_at, j.value->>'name' as n_name,
           j.value->>'channel' as n_channel,
           row_number() over (partition by m."conversation_id" order by j.key desc) as n_rank
         from json_each(?1) j join "messages" m on m."id" = j.value->>'mid') as n
   where "conversations"."id" = n.n_cid and n.n_rank = 1
   returning *,
     exists(select 1 from "opt_outs" o where o."twilio_account_id" = "conversations"."twilio_account_id" and o."phone_number" = "conversations"."phone_number") as "opted_out",
     exists(select 1 from "memories" f where f."twilio_account_id" = "conversations"."twilio_account_id" and f."memory_type" = 'feedback' and f."is_active" = 1
       and (f."all_conversations" = 1 or exists(select 1 from json_each(f."linked_templates") t where t.value = "conversations"."template_sid"))) as "feedback_memory",
     exists(select 1 from "live_sockets" s where s."twilio_account_id" = "conversations"."twilio_account_id" and s."object_kind" = 'conversation'
       and s."object_name" = "conversations"."id") as "listened"`,
  // Replayed sids whose message came in an earlier batch and may not have been announced: the
  // customer's message of this account that is still its conversation's latest, with no reply started.
  `select distinct m.* from json_each(?1) j
   join "messages" m on m."twilio_message_id" = j.value->>'sid'
   join "conversations" c on c."id" = m."conversation_id"
   where m."id" not in (select b.value->>'mid' from json_each(?1) b)
     and m."sender" = 'customer' and c."twilio_account_id" = j.value->>'acct' and c."ai_status" <> 'pending'
     and m."id" = (select l."id" from "messages" l where l."conversation_id" = m."conversation_id" order by l."created_at" desc, l.rowid desc limit 1)`,
  // The account card shows when its number last received a message (all items are of one account).
  `update "twilio_accounts" set "last_inbound_at" = (select max(j.value->>'at') from json_each(?1) j)
   where "id" = (select j.value->>'acct' from json_each(?1) j limit 1)
   returning exists(select 1 from "live_sockets" s where s."twilio_account_id" = "twilio_accounts"."id" and s."object_kind" = 'account'
     and s."object_name" = "twilio_accounts"."id") as "listened"`,
];

// Stores inbound customer messages in ONE transaction of five statements, however many messages (D1
// costs per statement, and binds at most 100 values per statement): the batch travels as one JSON
// parameter. In order: find-or-create each conversation; insert each message once per Twilio sid, in
// batch order so that rowid follows arrival; touch each conversation that got a new message with its
// latest one; read the replayed sids' messages that may still need announcing; stamp the account's last
// inbound time. The inserts and the update return the new rows, the conversations with their opt-out,
// feedback-memory and listened flags. Answers each item's message, null for a replayed sid (also for a
// sid repeated within the batch), the replays' unfinished messages, and whether a console listens to the account.
export async function storeInbounds(db: Db, items: InboundToStore[]): Promise<StoredInbounds> {
  if (items.length === 0) return { stored: [], unfinished: [], accountListened: false };
  const rows = items.map(({ account, inbound, now }) => ({
    mid: crypto.randomUUID(),
    cid: crypto.randomUUID(),
    acct: account.id,
    uid: account.userId,
    phone: inbound.from,
    body: inbound.body,
    sid: inbound.sid,
    name: inbound.profileName || null,
    // The channel the customer wrote on; the conversation answers on it.
    channel: inbound.channel ?? "whatsapp",
    at: now.getTime(),
  }));
  const batch = JSON.stringify(rows);
  const d1 = db.$client;
  const [, inserted, touched, replayed, account] = await d1.batch<Record<string, unknown>>(STORE_INBOUNDS.map((text) => d1.prepare(text).bind(batch)));
  const stored = new Map(inserted!.results.map((row) => [row.id as string, fromRow(messages, row)]));
  const conversationsById = new Map(
    touched!.results.map((row) => [
      row.id as string,
      { conversation: fromRow(conversations, row), optedOut: !!row.opted_out, feedbackMemory: !!row.feedback_memory, listened: !!row.listened },
    ]),
  );
  return {
    stored: rows.map(({ mid }) => {
      const message = stored.get(mid);
      const found = message && conversationsById.get(message.conversationId);
      return message && found ? { ...found, message } : null;
    }),
    unfinished: replayed!.results.map((row) => fromRow(messages, row)),
    accountListened: !!account!.results[0]?.listened,
  };
}
