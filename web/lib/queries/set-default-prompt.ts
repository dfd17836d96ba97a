import { T } from "@shared/strings";
import { api, unwrap } from "../api-client";
import { useApiMutation } from "../api-mutation";
import type { MutationCallbacks } from "../mutation-callbacks";
import { queryKeys } from "../query-keys";

// PATCH /api/twilio-accounts/{id}: the prompt for customers who write first (null: none). Chosen on the
// account card and from a prompt card, so it lives here rather than in one feature.
export const setDefaultPrompt = ({ accountId, promptId }: { accountId: string; promptId: string | null }) =>
  unwrap(api["twilio-accounts"][":id"].$patch({ param: { id: encodeURIComponent(accountId) }, json: { defaultPromptId: promptId } }));

export const useSetDefaultPrompt = (callbacks?: MutationCallbacks<Awaited<ReturnType<typeof setDefaultPrompt>>>) =>
  useApiMutation({
    mutationFn: setDefaultPrompt,
    refresh: [queryKeys.accounts],
    errorTitle: T.defaultPromptError,
    errorFallback: T.defaultPromptError,
    callbacks,
  });
