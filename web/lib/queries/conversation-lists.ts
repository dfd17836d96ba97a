import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import type { ApiConversation } from "@shared/schemas/conversations";
import { lastActivity } from "../conversation-format";
import { queryKeys } from "../query-keys";
import { CONVERSATION_LISTS } from "./refresh-conversations";

// One page of the conversation list and the cursor of the page after it (null: the list ends here).
export interface ConversationPage {
  items: ApiConversation[];
  nextCursor: string | null;
}
export type PagedConversations = InfiniteData<ConversationPage, string | null>;
// The list's filter, as its query key ends.
export interface ConversationListFilter {
  search?: string;
  from?: string;
  to?: string;
  view?: "open" | "archived" | "all";
  assigned?: "all" | "mine" | "unassigned";
  label?: string;
}

type ListData = ApiConversation[] | PagedConversations;

const isPaged = (data: ListData): data is PagedConversations => !Array.isArray(data) && Array.isArray((data as PagedConversations).pages);

// Newest activity first, the id breaking ties as the server does.
const newerFirst = (a: ApiConversation, b: ApiConversation) => lastActivity(b).localeCompare(lastActivity(a)) || (b.id < a.id ? -1 : b.id > a.id ? 1 : 0);

// Inserts before the first older entry, leaving the others in the order the server gave.
function insertSorted(items: ApiConversation[], conversation: ApiConversation) {
  const at = items.findIndex((c) => newerFirst(conversation, c) < 0);
  return at < 0 ? [...items, conversation] : [...items.slice(0, at), conversation, ...items.slice(at)];
}

const byActivity = (a: ApiConversation, b: ApiConversation) => lastActivity(b).localeCompare(lastActivity(a));

// Whether a conversation belongs in a list: yes, no, or unknown when the server's search or date
// range decides it.
export function belongsTo(conversation: ApiConversation, key: readonly unknown[], meId: string | null): boolean | "unknown" {
  if (key[1] === "active") return conversation.status === "active" && !conversation.archivedAt;
  const filter = (key[1] ?? {}) as ConversationListFilter;
  const view = filter.view ?? "open";
  if (view === "open" && conversation.archivedAt) return false;
  if (view === "archived" && !conversation.archivedAt) return false;
  if (filter.assigned === "mine" && conversation.assignedUserId !== meId) return false;
  if (filter.assigned === "unassigned" && conversation.assignedUserId !== null) return false;
  if (filter.label) {
    if (!conversation.labelIds) return "unknown";
    if (!conversation.labelIds.includes(filter.label)) return false;
  }
  return filter.search || filter.from || filter.to ? "unknown" : true;
}

const contains = (data: ListData, id: string) => (isPaged(data) ? data.pages.some((p) => p.items.some((c) => c.id === id)) : data.some((c) => c.id === id));

// A page list with the conversation taken out and, when `keep`, put back where its activity sorts it
// (a loaded page ending older than it, else the last loaded page).
function placeInPages(data: PagedConversations, conversation: ApiConversation, keep: boolean): PagedConversations {
  const pages = data.pages.map((p) => ({ ...p, items: p.items.filter((c) => c.id !== conversation.id) }));
  if (keep) {
    const at = lastActivity(conversation);
    let index = pages.findIndex((p) => p.items.length > 0 && lastActivity(p.items[p.items.length - 1]!) <= at);
    if (index < 0) index = pages.length - 1;
    if (index >= 0) pages[index] = { ...pages[index]!, items: insertSorted(pages[index]!.items, conversation) };
  }
  return { ...data, pages };
}

// Puts a changed conversation into every cached list it belongs to, and out of those it left. A list
// that may hold it but cannot tell (a search) or has never seen it is read again.
export function putInLists(queryClient: QueryClient, conversation: ApiConversation, meId: string | null) {
  for (const query of queryClient.getQueryCache().findAll(CONVERSATION_LISTS)) {
    const data = query.state.data as ListData | null | undefined;
    if (!data) continue;
    const present = contains(data, conversation.id);
    const known = present ? (isPaged(data) ? data.pages.flatMap((p) => p.items) : data).find((c) => c.id === conversation.id) : undefined;
    // A change pushed without its labels keeps the ones this list knows.
    const merged = known && conversation.labelIds === undefined ? { ...conversation, labelIds: known.labelIds } : conversation;
    const belongs = belongsTo(merged, query.queryKey, meId);
    if (!present && belongs === "unknown") {
      void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
      continue;
    }
    const keep = belongs !== false;
    if (!present && !keep) continue;
    const next: ListData = isPaged(data)
      ? placeInPages(data, merged, keep)
      : keep
        ? insertSorted(data.filter((c) => c.id !== merged.id), merged)
        : data.filter((c) => c.id !== merged.id);
    queryClient.setQueryData(query.queryKey, next);
  }
}

// Replaces a conversation's fields where a list holds it (no move between lists).
export function updateInLists(queryClient: QueryClient, id: string, update: (c: ApiConversation) => ApiConversation) {
  queryClient.setQueriesData<ListData | null>(CONVERSATION_LISTS, (data) => {
    if (!data || !contains(data, id)) return data;
    const apply = (items: ApiConversation[]) => items.map((c) => (c.id === id ? update(c) : c)).sort(byActivity);
    return isPaged(data) ? { ...data, pages: data.pages.map((p) => ({ ...p, items: apply(p.items) })) } : apply(data);
  });
}

export function removeFromLists(queryClient: QueryClient, id: string) {
  queryClient.setQueriesData<ListData | null>(CONVERSATION_LISTS, (data) => {
    if (!data || !contains(data, id)) return data;
    return isPaged(data) ? { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.filter((c) => c.id !== id) })) } : data.filter((c) => c.id !== id);
  });
}

// The cached copy of a conversation in any list, to compare a pushed change with.
export function cachedConversation(queryClient: QueryClient, id: string): ApiConversation | undefined {
  for (const [, data] of queryClient.getQueriesData<ListData | null>(CONVERSATION_LISTS)) {
    if (!data) continue;
    const items = isPaged(data) ? data.pages.flatMap((p) => p.items) : data;
    const found = items.find((c) => c.id === id);
    if (found) return found;
  }
  const detail = queryClient.getQueryData<ApiConversation | null>(queryKeys.conversation(id));
  return detail ?? undefined;
}
