import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TwilioAccount } from "@shared/schemas/accounts";
import { apiRequest } from "../api-client";
import type { MutationCallbacks } from "../mutation-callbacks";
import { queryKeys } from "../query-keys";

// PATCH /api/twilio-accounts/{id}: the prompt for customers who write first (null: none). Chosen on the
// account card and from a prompt card, so it lives here rather than in one feature.
export function setDefaultPrompt({ accountId, promptId }: { accountId: string; promptId: string | null }) {
  return apiRequest<TwilioAccount>("PATCH", `/api/twilio-accounts/${encodeURIComponent(accountId)}`, { defaultPromptId: promptId });
}

export function useSetDefaultPrompt(callbacks: MutationCallbacks<TwilioAccount | null> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultPrompt,
    onSuccess: async (account) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.accounts });
      callbacks.onSuccess?.(account ?? null);
    },
    onError: (error) => callbacks.onError?.(error),
  });
}
