import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import { refreshConversationSummaries } from "@web/lib/queries/refresh-conversations";

export const markRead = (id: string) => unwrap(api.conversations[":id"]["mark-read"].$post({ param: { id: encodeURIComponent(id) } }));

// A failure is only logged (by the mutation cache): reading must never get in the way.
export const useMarkRead = () => useApiMutation({ mutationFn: markRead, refresh: (queryClient) => refreshConversationSummaries(queryClient) });
