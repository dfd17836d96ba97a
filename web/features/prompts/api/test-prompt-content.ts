import { api, unwrap } from "@web/lib/api-client";
import { checkTestAnswer } from "../lib/prompt-test";
import { usePromptTestMutation } from "./prompt-test-mutation";

export interface ContentTestInput {
  content: string;
  testMessage: string;
  model: string;
  temperature: number;
  maxTokens: number;
}

// The editor's current, possibly unsaved, content and settings.
export const testPromptContent = async (input: ContentTestInput) => checkTestAnswer(await unwrap(api.prompts["test-content"].$post({ json: input })));

export const useTestPromptContent = () => usePromptTestMutation(testPromptContent);
