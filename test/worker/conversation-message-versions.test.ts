import { env } from "cloudflare:workers";
import { eq, getTableColumns } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accountUsers, conversationMessageVersions, conversations, messageMedia, messages } from "@worker/db/schema";
import { apiMessageColumns, messagePage, versionedMessagePage } from "@worker/features/conversations/repo";
import { messagePageForUser } from "@worker/features/conversations/service";
import { withEmbeddedMedia } from "@worker/features/media/service";
import { HeldJson } from "@worker/lib/held-json";
import type { SessionUser } from "@worker/types";
import { accountOwner, addMember, call, createUser, db, recordingDb } from "./helpers";

// A page of a thread is held per isolate at the conversation's thread version, and read again only when
// the version moved; every write that changes what a thread shows moves it, in the same statement. Who
// may see the thread is checked on every read, held or not.

const versionOf = async (conversationId: string) =>
  (await db().select().from(conversationMessageVersions).where(eq(conversationMessageVersions.conversationId, conversationId)))[0]?.version ?? 0;

// The page as the rows read afresh give it (no held page).
async function freshPage(conversationId: string, q: { limit: number; before?: string }) {
  const page = await messagePage(db(), conversationId, q);
  const messages = withEmbeddedMedia(page.messages);
  return { messages, nextCursor: page.nextCursor, body: new HeldJson(messages) };
}

let phone = 0;
async function conversationWith(userId: string, accountId: string, count: number) {
  const [c] = await db()
    .insert(conversations)
    .values({ userId, twilioAccountId: accountId, phoneNumber: `+39334${String(++phone).padStart(7, "0")}` })
    .returning();
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const [m] = await db()
      .insert(messages)
      .values({ conversationId: c!.id, content: `Messaggio ${i + 1}`, isFromBot: i % 2 === 1, createdAt: new Date(Date.UTC(2026, 10, 2, 10, i)) })
      .returning();
    ids.push(m!.id);
  }
  return { conversation: c!, ids };
}

const viewer = (user: { id: string; role: string }) => user as SessionUser;

describe("a thread's held pages", () => {
  it("answers the page read before while the version holds, and reads it again once it moves", async () => {
    const { user, account } = await accountOwner();
    const { conversation, ids } = await conversationWith(user.id, account.id, 3);
    const q = { limit: 50 };
    const page = await messagePageForUser(db(), viewer(user), conversation.id, q);
    expect(page).toEqual(await freshPage(conversation.id, q));
    expect(page.messages.map((m) => m.id)).toEqual(ids);

    // Read again unchanged: the batch answers the version and no row.
    const recording = recordingDb();
    expect(await messagePageForUser(recording.db, viewer(user), conversation.id, q)).toEqual(page);
    expect(recording.answered).toEqual([1, 0]);

    // At the known version the statement reads no row; at another, the page.
    const version = await versionOf(conversation.id);
    expect(await versionedMessagePage(db(), conversation.id, { ...q, known: version })).toMatchObject({ version, messages: [] });
    expect((await versionedMessagePage(db(), conversation.id, { ...q, known: version - 1 })).messages).toHaveLength(3);

    // A change whose version is then put back (no write does this): the held page answers, so the rows
    // were not read again.
    await db().update(messages).set({ content: "Cambiato" }).where(eq(messages.id, ids[0]!));
    await db().update(conversationMessageVersions).set({ version }).where(eq(conversationMessageVersions.conversationId, conversation.id));
    expect(await messagePageForUser(db(), viewer(user), conversation.id, q)).toEqual(page);

    // A write moves the version: the next page has both changes.
    await db().update(messages).set({ status: "delivered" }).where(eq(messages.id, ids[1]!));
    const next = await messagePageForUser(db(), viewer(user), conversation.id, q);
    expect(next).toEqual(await freshPage(conversation.id, q));
    expect(next.messages[0]).toMatchObject({ content: "Cambiato" });
    expect(next.messages[1]).toMatchObject({ status: "delivered" });
  });

  it("keeps each conversation's pages apart, page after page back through the thread, through changes", async () => {
    const { user, account } = await accountOwner();
    const a = await conversationWith(user.id, account.id, 7);
    const b = await conversationWith(user.id, account.id, 4);
    const check = async () => {
      for (const { conversation, ids } of [a, b]) {
        const seen: string[] = [];
        let before: string | undefined;
        for (;;) {
          const q = { limit: 3, before };
          const page = await messagePageForUser(db(), viewer(user), conversation.id, q);
          expect(page, JSON.stringify(q)).toEqual(await freshPage(conversation.id, q));
          seen.unshift(...page.messages.map((m) => m.id));
          if (!page.nextCursor) break;
          before = page.nextCursor;
        }
        expect(seen).toEqual((await freshPage(conversation.id, { limit: 50 })).messages.map((m) => m.id));
        expect(seen).toHaveLength(ids.length);
      }
    };
    await check();
    await check();
    const bVersion = await versionOf(b.conversation.id);
    // a's changes: each moves a's version, never b's.
    await db().insert(messages).values({ conversationId: a.conversation.id, content: "Nuovo", createdAt: new Date(Date.UTC(2026, 10, 3)) });
    a.ids.push("new");
    await check();
    await db().update(messages).set({ errorCode: "63016", errorMessage: "Fuori dalla finestra", status: "failed" }).where(eq(messages.id, a.ids[2]!));
    await check();
    await db().insert(messageMedia).values({ messageId: a.ids[4]!, conversationId: a.conversation.id, twilioAccountId: account.id, contentType: "image/jpeg", size: 1200 });
    await check();
    await db().update(messageMedia).set({ status: "stored", transcript: null }).where(eq(messageMedia.messageId, a.ids[4]!));
    await check();
    expect((await messagePageForUser(db(), viewer(user), a.conversation.id, { limit: 50 })).messages.find((m) => m.id === a.ids[4])!.media).toMatchObject([{ contentType: "image/jpeg", status: "stored" }]);
    expect(await versionOf(b.conversation.id)).toBe(bVersion);
  });

  it("moves with every write to what a thread shows, and with nothing else", async () => {
    const { user, account } = await accountOwner();
    const { conversation, ids } = await conversationWith(user.id, account.id, 1);
    const other = await conversationWith(user.id, account.id, 1);
    let version = await versionOf(conversation.id);
    const moves = async (write: () => Promise<unknown>) => {
      await write();
      const now = await versionOf(conversation.id);
      const moved = now > version;
      version = now;
      return moved;
    };
    const id = ids[0]!;
    expect(await moves(() => db().insert(messages).values({ conversationId: conversation.id, content: "Ciao" }))).toBe(true);
    expect(await moves(() => db().update(messages).set({ twilioMessageId: "SM0123456789abcdef0123456789abcdef", status: "sent" }).where(eq(messages.id, id)))).toBe(true);
    expect(await moves(() => db().update(messages).set({ sources: [{ memoryId: "m1", name: "Listino" }] }).where(eq(messages.id, id)))).toBe(true);
    // The send bookkeeping the thread does not show.
    expect(await moves(() => db().update(messages).set({ sendAttempts: 2, claimedAt: new Date(), twilioAttemptAt: new Date() }).where(eq(messages.id, id)))).toBe(false);
    // Another conversation's messages, and the conversation's own row (the list's version counts that).
    expect(await moves(() => db().insert(messages).values({ conversationId: other.conversation.id, content: "Altro" }))).toBe(false);
    expect(await moves(() => db().update(conversations).set({ customerName: "Anna" }).where(eq(conversations.id, conversation.id)))).toBe(false);
    let mediaId = "";
    expect(
      await moves(async () => {
        const [m] = await db().insert(messageMedia).values({ messageId: id, conversationId: conversation.id, twilioAccountId: account.id, contentType: "audio/ogg" }).returning();
        mediaId = m!.id;
      }),
    ).toBe(true);
    expect(await moves(() => db().update(messageMedia).set({ transcript: "Buongiorno, vorrei un preventivo" }).where(eq(messageMedia.id, mediaId)))).toBe(true);
    expect(await moves(() => db().update(messageMedia).set({ r2Key: "media/x", sourceUrl: null }).where(eq(messageMedia.id, mediaId)))).toBe(false);
    expect(await moves(() => db().delete(messageMedia).where(eq(messageMedia.id, mediaId)))).toBe(true);
    // A message moved to another conversation moves both.
    const otherVersion = await versionOf(other.conversation.id);
    expect(await moves(() => db().update(messages).set({ conversationId: other.conversation.id }).where(eq(messages.id, id)))).toBe(true);
    expect(await versionOf(other.conversation.id)).toBeGreaterThan(otherVersion);
    // The version goes with its conversation, and so do the messages (their triggers find it gone).
    await db().delete(conversations).where(eq(conversations.id, conversation.id));
    expect(await db().select().from(conversationMessageVersions).where(eq(conversationMessageVersions.conversationId, conversation.id))).toEqual([]);
  });

  it("moves with an update of every column the thread reads (a column added to it must be added to the triggers)", async () => {
    const sqlOf = async (name: string) => {
      const trigger = await env.DB.prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?").bind(name).first<{ sql: string }>();
      return trigger!.sql.slice(0, trigger!.sql.indexOf(" ON "));
    };
    const watched = await sqlOf("conversation_message_versions_update");
    for (const column of Object.values(apiMessageColumns)) expect(watched, column.name).toContain(`\`${column.name}\``);
    // The attachment fields the thread embeds (media/repo.ts mediaJsonColumn, EmbeddedMedia).
    const media = getTableColumns(messageMedia);
    const watchedMedia = await sqlOf("conversation_message_versions_media_update");
    for (const key of ["id", "messageId", "conversationId", "position", "contentType", "size", "fileName", "status", "failureReason", "transcript"] as const)
      expect(watchedMedia, key).toContain(`\`${media[key].name}\``);
  });

  it("never answers a held page to a user who may not see the thread", async () => {
    const { user, account, cookie } = await accountOwner();
    const { conversation } = await conversationWith(user.id, account.id, 2);
    const agent = await createUser();
    await addMember(agent.id, account.id);
    const stranger = await createUser();
    const path = `/api/conversations/${conversation.id}/messages`;
    const first = await call(path, { cookie });
    expect(first.status).toBe(200);
    expect(first.json).toHaveLength(2);
    // Held now; a non-member gets 404, as for a thread never read.
    await expect(messagePageForUser(db(), viewer(stranger), conversation.id, { limit: 50 })).rejects.toMatchObject({ status: 404 });
    expect((await messagePageForUser(db(), viewer(agent), conversation.id, { limit: 50 })).messages).toHaveLength(2);
    // A member removed sees it no more, though the page is still held at its version.
    await db().delete(accountUsers).where(eq(accountUsers.userId, agent.id));
    await expect(messagePageForUser(db(), viewer(agent), conversation.id, { limit: 50 })).rejects.toMatchObject({ status: 404 });
    // A super admin sees any thread.
    expect((await messagePageForUser(db(), viewer({ id: stranger.id, role: "super_admin" }), conversation.id, { limit: 50 })).messages).toHaveLength(2);
    // An empty thread the user may see is an empty page, not a 404.
    const empty = await conversationWith(user.id, account.id, 0);
    expect(await call(`/api/conversations/${empty.conversation.id}/messages`, { cookie })).toMatchObject({ status: 200, json: [] });
  });

  it("answers a held page over HTTP as the first: the same messages and the same cursor, and the detail agrees", async () => {
    const { user, account, cookie } = await accountOwner();
    const { conversation } = await conversationWith(user.id, account.id, 5);
    const path = `/api/conversations/${conversation.id}/messages?limit=2`;
    const first = await call(path, { cookie });
    const again = await call(path, { cookie });
    expect(first.status).toBe(200);
    expect(again.json).toEqual(first.json);
    expect(first.headers.get("X-Next-Cursor")).toBeTruthy();
    expect(again.headers.get("X-Next-Cursor")).toBe(first.headers.get("X-Next-Cursor"));
    await env.DB.prepare("UPDATE messages SET content = 'Aggiornato' WHERE conversation_id = ?").bind(conversation.id).run();
    const changed = await call(path, { cookie });
    expect((changed.json as { content: string }[]).map((m) => m.content)).toEqual(["Aggiornato", "Aggiornato"]);
    const detail = await call(`/api/conversations/${conversation.id}`, { cookie });
    expect((detail.json as { messages: { content: string }[] }).messages).toHaveLength(5);
    expect((detail.json as { messages: { content: string }[] }).messages.every((m) => m.content === "Aggiornato")).toBe(true);
  });
});
