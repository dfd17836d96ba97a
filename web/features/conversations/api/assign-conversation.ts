import { T } from "@shared/strings";
import { CONVERSATION_TEXTS as TX } from "@shared/texts/conversations";
import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import { putChangedConversation } from "../lib/live-cache";

export const assignConversation = ({ id, userId }: { id: string; userId: string | null }) =>
  unwrap(api.conversations[":id"].assign.$post({ param: { id: encodeURIComponent(id) }, json: { userId } }));

export const useAssignConversation = () =>
  useApiMutation({
    mutationFn: assignConversation,
    refresh: (queryClient, conversation) => putChangedConversation(queryClient, conversation),
    errorTitle: T.error,
    errorFallback: TX.assignError,
  });
