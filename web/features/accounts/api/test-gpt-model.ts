import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { GptTestResult } from "@shared/schemas/usage";
import { apiRequest } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

export function testGptModel(input: { twilioAccountId: string; testMessage: string }) {
  return apiRequest<GptTestResult>("POST", "/api/test-gpt-model", input);
}

export function useTestGptModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: testGptModel,
    // A real call is billed: the cost badge should show it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.usageStats }),
  });
}
