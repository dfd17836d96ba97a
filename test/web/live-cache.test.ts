import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { ApiConversation, ApiConversationDetail, ApiMessage } from "@shared/schemas/conversations";
import {
  applyFrame,
  applyMessageStatus,
  freshestMessages,
  mergeConversation,
  replaceInList,
  touchConversation,
  upsertMessage,
} from "@web/features/conversations/lib/live-cache";
import { isConversationListKey, refreshConversationSummaries } from "@web/lib/queries/refresh-conversations";
import { queryKeys } from "@web/lib/query-keys";
import { conversation, detail, message } from "./conversation-fixtures";

const ai = message({ id: "m2", sender: "ai", isFromBot: true, status: "queued", content: "Risposta", createdAt: "2026-03-10T10:01:00.000Z" });

describe("message merging", () => {
  it("appends new messages in arrival order and replaces known ones", () => {
    const first = message();
    expect(upsertMessage(undefined, first)).toEqual([first]);
    expect(upsertMessage([first], ai).map((m) => m.id)).toEqual(["m1", "m2"]);
    const late = message({ id: "m0", createdAt: "2026-03-10T09:59:00.000Z" });
    expect(upsertMessage([first, ai], late).map((m) => m.id)).toEqual(["m0", "m1", "m2"]);
    const edited = { ...first, content: "Ciao!" };
    expect(upsertMessage([first, ai], edited)).toEqual([edited, ai]);
  });

  it("does not let a late copy undo a later delivery status", () => {
    const delivered = { ...ai, status: "delivered" as const };
    expect(upsertMessage([delivered], ai)[0]!.status).toBe("delivered");
    const failed = { ...ai, status: "failed" as const, errorMessage: "Numero di telefono non valido" };
    expect(upsertMessage([failed], { ...ai, status: "sent" })[0]).toMatchObject({ status: "failed", errorMessage: "Numero di telefono non valido" });
    expect(upsertMessage([ai], delivered)[0]!.status).toBe("delivered");
  });

  it("keeps the attachments known when a copy read before them arrives, and takes newer ones", () => {
    const photo = { id: "p1", url: "/api/media/p1", contentType: "image/png", size: 10, fileName: "foto.png", status: "stored" as const, failureReason: null };
    const withPhoto = message({ content: "", media: [photo] });
    const early = message({ content: "" });
    expect(upsertMessage([withPhoto], early)[0]!.media).toEqual([photo]);
    const pending = message({ content: "", media: [{ ...photo, url: null, status: "pending" }] });
    expect(upsertMessage([pending], withPhoto)[0]!.media).toEqual([photo]);
  });

  it("applies status frames with their Italian error text", () => {
    const out = applyMessageStatus([message(), ai], {
      type: "message-status",
      messageId: "m2",
      status: "failed",
      errorCode: "21211",
      errorMessage: "Numero di telefono non valido",
    });
    expect(out![1]).toMatchObject({ status: "failed", errorCode: "21211", errorMessage: "Numero di telefono non valido" });
    expect(out![0]).toEqual(message());
    expect(applyMessageStatus(undefined, { type: "message-status", messageId: "x", status: "sent", errorCode: null, errorMessage: null })).toBeUndefined();
  });

  it("moves the conversation preview only forward", () => {
    const c = conversation();
    expect(touchConversation(c, ai)).toMatchObject({ lastMessage: "Risposta", lastMessageAt: ai.createdAt });
    expect(touchConversation(c, message({ createdAt: "2026-03-10T09:00:00.000Z", content: "vecchio" }))).toBe(c);
  });

  it("reads the thread from whichever copy was written last", () => {
    const d = detail({ messages: [message()] });
    const list = [message(), ai];
    expect(freshestMessages({ data: d, updatedAt: 2 }, { data: list, updatedAt: 1 })).toEqual(d.messages);
    expect(freshestMessages({ data: d, updatedAt: 1 }, { data: list, updatedAt: 2 })).toEqual(list);
    expect(freshestMessages({ data: undefined, updatedAt: 0 }, { data: list, updatedAt: 1 })).toEqual(list);
    expect(freshestMessages({ data: d, updatedAt: 1 }, { data: undefined, updatedAt: 0 })).toEqual(d.messages);
    expect(freshestMessages({ data: null, updatedAt: 0 }, { data: null, updatedAt: 0 })).toEqual([]);
  });
});

describe("conversation merging", () => {
  it("keeps the detail's messages and sandbox flag", () => {
    const d = detail({ sandbox: true });
    const merged = mergeConversation(d, conversation({ operatorMode: true, messages: undefined } as unknown as ApiConversation));
    expect(merged).toMatchObject({ operatorMode: true, sandbox: true, messages: d.messages });
  });

  it("replaces a list entry and keeps the newest first", () => {
    const a = conversation({ id: "a", lastMessageAt: "2026-03-10T10:00:00.000Z" });
    const b = conversation({ id: "b", lastMessageAt: "2026-03-10T09:00:00.000Z" });
    const out = replaceInList([a, b], "b", (c) => ({ ...c, lastMessageAt: "2026-03-10T11:00:00.000Z" }));
    expect(out.map((c) => c.id)).toEqual(["b", "a"]);
    const list = [a];
    expect(replaceInList(list, "zzz", (c) => c)).toBe(list);
  });
});

describe("live frames into the query cache", () => {
  function seeded() {
    const client = new QueryClient();
    const filtered = queryKeys.conversationList({ search: "Giulia" });
    const other = conversation({ id: "c2", customerName: "Altro", lastMessageAt: "2026-03-10T10:00:30.000Z" });
    client.setQueryData(queryKeys.conversation("c1"), detail());
    client.setQueryData(queryKeys.conversationMessages("c1"), [message()]);
    client.setQueryData(queryKeys.conversationList({}), [other, conversation()]);
    client.setQueryData(filtered, [conversation()]);
    client.setQueryData(queryKeys.activeConversations, [other, conversation()]);
    client.setQueryData(queryKeys.unreadCount, 2);
    return { client, filtered };
  }

  it("adds a new message to the thread, the detail and every list", () => {
    const { client, filtered } = seeded();
    applyFrame(client, "c1", { type: "message", message: ai });
    expect(client.getQueryData<ApiMessage[]>(queryKeys.conversationMessages("c1"))!.map((m) => m.id)).toEqual(["m1", "m2"]);
    const d = client.getQueryData<ApiConversationDetail>(queryKeys.conversation("c1"))!;
    expect(d.messages.map((m) => m.id)).toEqual(["m1", "m2"]);
    expect(d.lastMessage).toBe("Risposta");
    const all = client.getQueryData<ApiConversation[]>(queryKeys.conversationList({}))!;
    expect(all.map((c) => c.id)).toEqual(["c1", "c2"]);
    expect(all[0]!.lastMessage).toBe("Risposta");
    expect(client.getQueryData<ApiConversation[]>(filtered)![0]!.lastMessage).toBe("Risposta");
    expect(client.getQueryData<ApiConversation[]>(queryKeys.activeConversations)![0]!.id).toBe("c1");
    expect(client.getQueryData(queryKeys.unreadCount)).toBe(2);
  });

  it("is idempotent for a repeated message frame", () => {
    const { client } = seeded();
    applyFrame(client, "c1", { type: "message", message: ai });
    applyFrame(client, "c1", { type: "message", message: ai });
    expect(client.getQueryData<ApiMessage[]>(queryKeys.conversationMessages("c1"))).toHaveLength(2);
  });

  it("updates a message's status in both copies of the thread", () => {
    const { client } = seeded();
    applyFrame(client, "c1", { type: "message", message: ai });
    applyFrame(client, "c1", { type: "message-status", messageId: "m2", status: "delivered", errorCode: null, errorMessage: null });
    expect(client.getQueryData<ApiMessage[]>(queryKeys.conversationMessages("c1"))![1]!.status).toBe("delivered");
    expect(client.getQueryData<ApiConversationDetail>(queryKeys.conversation("c1"))!.messages[1]!.status).toBe("delivered");
  });

  it("merges a conversation frame into the detail and the lists", () => {
    const { client } = seeded();
    applyFrame(client, "c1", { type: "conversation", conversation: conversation({ operatorMode: true, optedOut: true }) });
    expect(client.getQueryData<ApiConversationDetail>(queryKeys.conversation("c1"))).toMatchObject({ operatorMode: true, optedOut: true, messages: [message()] });
    expect(client.getQueryData<ApiConversation[]>(queryKeys.conversationList({}))!.find((c) => c.id === "c1")!.optedOut).toBe(true);
  });

  it("shows and clears the AI typing state", () => {
    const { client } = seeded();
    applyFrame(client, "c1", { type: "typing", active: true });
    expect(client.getQueryData<ApiConversationDetail>(queryKeys.conversation("c1"))!.aiStatus).toBe("pending");
    applyFrame(client, "c1", { type: "typing", active: false });
    expect(client.getQueryData<ApiConversationDetail>(queryKeys.conversation("c1"))!.aiStatus).toBe("idle");
    client.setQueryData(queryKeys.conversation("c1"), detail({ aiStatus: "failed", aiError: "boom" }));
    applyFrame(client, "c1", { type: "typing", active: false });
    expect(client.getQueryData<ApiConversationDetail>(queryKeys.conversation("c1"))!.aiStatus).toBe("failed");
  });

  it("leaves an uncached conversation alone and ignores pongs", () => {
    const client = new QueryClient();
    applyFrame(client, "c9", { type: "message", message: { ...ai, conversationId: "c9" } });
    applyFrame(client, "c9", { type: "pong", at: 1 });
    expect(client.getQueryData(queryKeys.conversation("c9"))).toBeUndefined();
    expect(client.getQueryData(queryKeys.conversationMessages("c9"))).toBeUndefined();
  });
});

describe("refreshing after a conversation changes", () => {
  it("recognises the list keys", () => {
    expect(isConversationListKey(queryKeys.conversationList({}))).toBe(true);
    expect(isConversationListKey(queryKeys.activeConversations)).toBe(true);
    expect(isConversationListKey(queryKeys.unreadCount)).toBe(false);
    expect(isConversationListKey(queryKeys.conversation("c1"))).toBe(false);
    expect(isConversationListKey(queryKeys.conversationMessages("c1"))).toBe(false);
    expect(isConversationListKey(queryKeys.prompts)).toBe(false);
  });

  it("invalidates the active list, the unread count and the lists, not the open thread", async () => {
    const client = new QueryClient();
    const keys = [queryKeys.activeConversations, queryKeys.unreadCount, queryKeys.conversationList({ search: "x" }), queryKeys.conversation("c1"), queryKeys.conversationMessages("c1")];
    for (const key of keys) client.setQueryData(key, "old");
    await refreshConversationSummaries(client);
    expect(keys.map((key) => client.getQueryState(key)?.isInvalidated)).toEqual([true, true, true, false, false]);
  });
});
