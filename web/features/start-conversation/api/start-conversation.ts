import type { VariableBindings } from "@shared/template-variables";
import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import { refreshConversationSummaries } from "@web/lib/queries/refresh-conversations";
import { queryKeys } from "@web/lib/query-keys";

export interface StartConversationInput {
  phoneNumber: string;
  templateSid: string;
  promptId: string;
  customerName: string | null;
  customerCompany: string | null;
  variables: VariableBindings;
}

export const startConversation = (json: StartConversationInput) => unwrap(api.conversations["start-with-prompt"].$post({ json }));

// The form words its failure itself (its title follows the server's sentence).
export const useStartConversation = () =>
  useApiMutation({
    mutationFn: startConversation,
    refresh: async (queryClient, result) => {
      // Restarting an existing conversation changes its open detail too.
      await queryClient.invalidateQueries({ queryKey: queryKeys.conversation(result.conversation.id) });
      await refreshConversationSummaries(queryClient);
    },
  });
