import type { PromptInput } from "@shared/schemas/prompts";
import { T } from "@shared/strings";
import { PROMPT_TEXTS } from "@shared/texts/prompts";
import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { queryKeys } from "@web/lib/query-keys";

// Any subset of the fields: the active switch sends only isActive.
export const updatePrompt = ({ id, input }: { id: string; input: Partial<PromptInput> }) =>
  unwrap(api.prompts[":id"].$put({ param: { id: encodeURIComponent(id) }, json: input }));

export const useUpdatePrompt = (callbacks?: MutationCallbacks<Awaited<ReturnType<typeof updatePrompt>>>) =>
  useApiMutation({ mutationFn: updatePrompt, refresh: [queryKeys.prompts], errorTitle: T.error, errorFallback: PROMPT_TEXTS.saveError, callbacks });
