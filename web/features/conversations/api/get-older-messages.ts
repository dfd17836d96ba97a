import { MESSAGE_PAGE_SIZE } from "@shared/constants";
import { api, apiErrorFrom } from "@web/lib/api-client";

// The page of messages before `before` (a message id), in arrival order, and whether older ones remain
// (the answer's X-Next-Cursor header, which unwrap would not show).
export async function fetchOlderMessages(id: string, before: string, signal?: AbortSignal) {
  const res = await api.conversations[":id"].messages.$get(
    { param: { id: encodeURIComponent(id) }, query: { limit: String(MESSAGE_PAGE_SIZE), before } },
    { init: { signal } },
  );
  if (!res.ok) throw apiErrorFrom(res.status, await res.text().catch(() => ""));
  return { messages: await res.json(), hasMore: !!res.headers.get("X-Next-Cursor") };
}
