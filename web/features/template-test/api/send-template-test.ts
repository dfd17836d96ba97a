import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TemplateTestResult } from "@shared/schemas/template-test";
import { apiRequest } from "@web/lib/api-client";
import { refreshConversationSummaries } from "@web/lib/queries/refresh-conversations";

export interface TemplateTestInput {
  templateSid: string;
  phone: string;
  variables: Record<string, string>;
}

export function sendTemplateTest(input: TemplateTestInput) {
  return apiRequest<TemplateTestResult>("POST", "/api/template-test/send", input);
}

export function useSendTemplateTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTemplateTest,
    // The test lands in that number's conversation: the lists and counts change.
    onSuccess: () => refreshConversationSummaries(queryClient),
  });
}
