import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiConversation, ApiMessage } from "@shared/schemas/conversations";
import type { VariableBindings } from "@shared/template-variables";
import { apiRequest } from "@web/lib/api-client";
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

export function startConversation(input: StartConversationInput) {
  return apiRequest<{ conversation: ApiConversation; message: ApiMessage | null }>("POST", "/api/conversations/start-with-prompt", input);
}

export function useStartConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startConversation,
    onSuccess: async (result) => {
      // Restarting an existing conversation changes its open detail too.
      if (result) await queryClient.invalidateQueries({ queryKey: queryKeys.conversation(result.conversation.id) });
      await refreshConversationSummaries(queryClient);
    },
  });
}
