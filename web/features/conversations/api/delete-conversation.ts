import { T } from "@shared/strings";
import { CONVERSATION_TEXTS as TX } from "@shared/texts/conversations";
import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { removeFromLists } from "@web/lib/queries/conversation-lists";
import { refreshConversationSummaries } from "@web/lib/queries/refresh-conversations";
import { queryKeys } from "@web/lib/query-keys";

export const deleteConversation = (id: string) => unwrap(api.conversations[":id"].$delete({ param: { id: encodeURIComponent(id) } }));

// The pane holding the button goes away with the conversation: its success toast is raised through callbacks.
export const useDeleteConversation = (callbacks?: MutationCallbacks<Awaited<ReturnType<typeof deleteConversation>>>) =>
  useApiMutation({
    mutationFn: deleteConversation,
    refresh: (queryClient, _data, id) => {
      // Gone from every list at once, so nothing can select it again before the lists reload.
      removeFromLists(queryClient, id);
      queryClient.removeQueries({ queryKey: queryKeys.conversation(id) });
      return refreshConversationSummaries(queryClient);
    },
    errorTitle: T.error,
    errorDescription: TX.deleteError,
    callbacks,
  });
