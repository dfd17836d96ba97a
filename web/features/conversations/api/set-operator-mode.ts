import { T } from "@shared/strings";
import { CONVERSATION_TEXTS as TX } from "@shared/texts/conversations";
import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import { refreshConversationSummaries } from "@web/lib/queries/refresh-conversations";
import { putConversationInCache } from "../lib/live-cache";

export const setOperatorMode = ({ id, enabled }: { id: string; enabled: boolean }) =>
  unwrap(api.conversations[":id"]["operator-mode"].$post({ param: { id: encodeURIComponent(id) }, json: { enabled } }));

export const useSetOperatorMode = () =>
  useApiMutation({
    mutationFn: setOperatorMode,
    refresh: (queryClient, conversation) => {
      putConversationInCache(queryClient, conversation);
      return refreshConversationSummaries(queryClient);
    },
    errorTitle: T.error,
    errorFallback: TX.operatorModeError,
  });
