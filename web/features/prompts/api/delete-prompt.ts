import { T } from "@shared/strings";
import { PROMPT_TEXTS } from "@shared/texts/prompts";
import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { queryKeys } from "@web/lib/query-keys";

export const deletePrompt = (id: string) => unwrap(api.prompts[":id"].$delete({ param: { id: encodeURIComponent(id) } }));

// The card holding the button goes away with the prompt: its success toast is raised through callbacks.
export const useDeletePrompt = (callbacks?: MutationCallbacks) =>
  useApiMutation({ mutationFn: deletePrompt, refresh: [queryKeys.prompts], errorTitle: T.error, errorFallback: PROMPT_TEXTS.deleteError, callbacks });
