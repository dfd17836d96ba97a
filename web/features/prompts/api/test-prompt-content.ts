import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";
import { checkTestAnswer } from "../lib/prompt-test";

export interface ContentTestInput {
  content: string;
  testMessage: string;
  model: string;
  temperature: number;
  maxTokens: number;
}

// The editor's current, possibly unsaved, content and settings.
export async function testPromptContent(input: ContentTestInput) {
  return checkTestAnswer(await apiRequest("POST", "/api/prompts/test-content", input));
}

export function useTestPromptContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: testPromptContent,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.usage }),
  });
}
