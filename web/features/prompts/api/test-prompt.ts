import type { PromptTestResult } from "@shared/schemas/prompts";
import { api, unwrap } from "@web/lib/api-client";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { checkTestAnswer } from "../lib/prompt-test";
import { usePromptTestMutation } from "./prompt-test-mutation";

// A saved prompt; without a message the server writes one that fits the prompt's subject.
export const testPrompt = async ({ id, testMessage }: { id: string; testMessage?: string }) =>
  checkTestAnswer(await unwrap(api.prompts[":id"].test.$post({ param: { id: encodeURIComponent(id) }, json: testMessage ? { testMessage } : {} })));

export const useTestPrompt = (callbacks?: MutationCallbacks<PromptTestResult>) => usePromptTestMutation(testPrompt, callbacks);
