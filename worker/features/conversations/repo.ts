import { and, count, eq, gt, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { conversations } from "../../db/schema";

// A conversation is unread when its last message is newer than the last time it was opened.
export async function countUnread(db: Db, accountId: string) {
  const [row] = await db
    .select({ n: count() })
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
