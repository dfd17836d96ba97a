import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiMessage } from "@shared/schemas/conversations";
import type { VariableBindings } from "@shared/template-variables";
import { apiRequest } from "@web/lib/api-client";
import { refreshConversationSummaries } from "@web/lib/queries/refresh-conversations";
import { addMessageToCache } from "../lib/live-cache";

export interface SendTemplateInput {
  id: string;
  templateSid: string;
  variables: VariableBindings;
}

export function sendTemplate({ id, templateSid, variables }: SendTemplateInput) {
  return apiRequest<ApiMessage>("POST", `/api/conversations/${encodeURIComponent(id)}/send-template`, { templateSid, variables });
}

export function useSendTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTemplate,
    onSuccess: async (message) => {
      if (message) addMessageToCache(queryClient, message);
      await refreshConversationSummaries(queryClient);
    },
  });
}
