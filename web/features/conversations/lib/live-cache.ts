import type { QueryClient } from "@tanstack/react-query";
import type { ServerFrame } from "@shared/live";
import type { ApiConversation, ApiConversationDetail, ApiMessage, ApiNote } from "@shared/schemas/conversations";
import { lastActivity } from "@web/lib/conversation-format";
import type { CurrentUser } from "@shared/schemas/auth";
import { putInLists, updateInLists } from "@web/lib/queries/conversation-lists";
import { queryKeys } from "@web/lib/query-keys";

const STATUS_RANK: Record<NonNullable<ApiMessage["status"]>, number> = {
  received: 0,
  queued: 1,
  sending: 2,
  sent: 3,
  delivered: 4,
  read: 5,
  failed: 6,
  undelivered: 6,
};

const rank = (m: ApiMessage) => (m.status ? STATUS_RANK[m.status] : -1);

// Inserts or replaces a message, keeping arrival order (a late frame lands after its elders). A copy
// that arrives late (the POST answer after the socket's status update) does not undo a later status.
export function upsertMessage(list: readonly ApiMessage[] | undefined, message: ApiMessage): ApiMessage[] {
  const current = list ?? [];
  const index = current.findIndex((m) => m.id === message.id);
  if (index >= 0) {
    const old = current[index]!;
    // A frame sent before the attachments were read carries no `media`: the attachments known stay.
    const withMedia = message.media === undefined && old.media !== undefined ? { ...message, media: old.media } : message;
    const next = rank(old) > rank(withMedia) ? { ...withMedia, status: old.status, errorCode: old.errorCode, errorMessage: old.errorMessage } : withMedia;
    return current.map((m, i) => (i === index ? next : m));
  }
  let at = current.length;
  while (at > 0 && current[at - 1]!.createdAt > message.createdAt) at -= 1;
  return [...current.slice(0, at), message, ...current.slice(at)];
}

export function applyMessageStatus(
  list: readonly ApiMessage[] | undefined,
  frame: Extract<ServerFrame, { type: "message-status" }>,
): ApiMessage[] | undefined {
  if (!list) return undefined;
  return list.map((m) =>
    m.id === frame.messageId ? { ...m, status: frame.status, errorCode: frame.errorCode, errorMessage: frame.errorMessage } : m,
  );
}

// A newer message becomes the conversation's preview.
export function touchConversation<T extends ApiConversation>(conversation: T, message: ApiMessage): T {
  if (conversation.lastMessageAt && conversation.lastMessageAt > message.createdAt) return conversation;
  return { ...conversation, lastMessage: message.content, lastMessageAt: message.createdAt };
}

// Server fields win; the detail keeps its messages and sandbox flag.
export function mergeConversation(detail: ApiConversationDetail, conversation: ApiConversation): ApiConversationDetail {
  return { ...detail, ...conversation, messages: detail.messages, sandbox: detail.sandbox };
}

const byActivityDesc = (a: ApiConversation, b: ApiConversation) => lastActivity(b).localeCompare(lastActivity(a));

// Replaces the entry in a list (newest first); a list without it is left alone.
export function replaceInList(list: ApiConversation[], id: string, update: (c: ApiConversation) => ApiConversation): ApiConversation[] {
  if (!list.some((c) => c.id === id)) return list;
  return list.map((c) => (c.id === id ? update(c) : c)).sort(byActivityDesc);
}

// Whichever copy of the thread was written last: the detail (polled every 5 s) or the messages call.
export function freshestMessages(
  detail: { data: ApiConversationDetail | null | undefined; updatedAt: number },
  messages: { data: ApiMessage[] | null | undefined; updatedAt: number },
): ApiMessage[] {
  if (messages.data && (!detail.data || messages.updatedAt >= detail.updatedAt)) return messages.data;
  return detail.data?.messages ?? messages.data ?? [];
}

const updateLists = updateInLists;

function updateDetail(queryClient: QueryClient, id: string, update: (d: ApiConversationDetail) => ApiConversationDetail) {
  queryClient.setQueryData<ApiConversationDetail | null>(queryKeys.conversation(id), (detail) => (detail ? update(detail) : detail));
}

// Puts a message the console just sent, or one pushed by the socket, into every cached copy.
export function addMessageToCache(queryClient: QueryClient, message: ApiMessage) {
  const id = message.conversationId;
  queryClient.setQueryData<ApiMessage[] | null>(queryKeys.conversationMessages(id), (list) => (list ? upsertMessage(list, message) : list));
  updateDetail(queryClient, id, (d) => touchConversation({ ...d, messages: upsertMessage(d.messages, message) }, message));
  updateLists(queryClient, id, (c) => touchConversation(c, message));
}

export function putConversationInCache(queryClient: QueryClient, conversation: ApiConversation) {
  updateDetail(queryClient, conversation.id, (d) => mergeConversation(d, conversation));
  updateLists(queryClient, conversation.id, (c) => ({ ...c, ...conversation }));
}

// A conversation this console changed (archive, assignment, labels): its detail, and every list it
// now belongs to or left.
export function putChangedConversation(queryClient: QueryClient, conversation: ApiConversation) {
  putConversationInCache(queryClient, conversation);
  putInLists(queryClient, conversation, queryClient.getQueryData<CurrentUser | null>(queryKeys.me)?.id ?? null);
}

// Merges one live frame into the React Query cache of conversation `id`.
export function applyFrame(queryClient: QueryClient, id: string, frame: ServerFrame): void {
  switch (frame.type) {
    case "message":
      addMessageToCache(queryClient, frame.message);
      return;
    case "message-status":
      queryClient.setQueryData<ApiMessage[] | null>(queryKeys.conversationMessages(id), (list) => applyMessageStatus(list ?? undefined, frame) ?? list);
      updateDetail(queryClient, id, (d) => ({ ...d, messages: applyMessageStatus(d.messages, frame)! }));
      return;
    case "conversation":
      putConversationInCache(queryClient, frame.conversation);
      return;
    case "typing":
      updateDetail(queryClient, id, (d) =>
        frame.active ? { ...d, aiStatus: "pending", aiError: null } : d.aiStatus === "pending" ? { ...d, aiStatus: "idle" } : d,
      );
      return;
    case "note":
      queryClient.setQueryData<ApiNote[] | null>(queryKeys.conversationNotes(id), (notes) =>
        notes && !notes.some((n) => n.id === frame.note.id) ? [...notes, frame.note] : notes,
      );
      return;
    case "pong":
      return;
    case "error":
      console.warn("Live conversation error:", frame.message);
      return;
  }
}
