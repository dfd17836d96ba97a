import type { PromptInput } from "@shared/schemas/prompts";
import { T } from "@shared/strings";
import { PROMPT_TEXTS } from "@shared/texts/prompts";
import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import { queryKeys } from "@web/lib/query-keys";

export const createPrompt = (input: PromptInput) => unwrap(api.prompts.$post({ json: input }));

// The form shows the field errors; the toast says what failed.
export const useCreatePrompt = () =>
  useApiMutation({ mutationFn: createPrompt, refresh: [queryKeys.prompts], errorTitle: T.error, errorFallback: PROMPT_TEXTS.saveError });
