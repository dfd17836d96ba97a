import { T } from "@shared/strings";
import { CONVERSATION_TEXTS as TX } from "@shared/texts/conversations";
import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { refreshConversationSummaries } from "@web/lib/queries/refresh-conversations";
import { putChangedConversation } from "../lib/live-cache";

export const archiveConversation = ({ id, archived }: { id: string; archived: boolean }) =>
  unwrap(api.conversations[":id"].archive.$post({ param: { id: encodeURIComponent(id) }, json: { archived } }));

export const useArchiveConversation = (callbacks?: MutationCallbacks<Awaited<ReturnType<typeof archiveConversation>>>) =>
  useApiMutation({
    mutationFn: archiveConversation,
    refresh: (queryClient, conversation) => {
      putChangedConversation(queryClient, conversation);
      return refreshConversationSummaries(queryClient);
    },
    errorTitle: T.error,
    errorFallback: TX.archiveError,
    callbacks,
  });
