import { T } from "@shared/strings";
import { PROMPT_TEXTS } from "@shared/texts/prompts";
import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { queryKeys } from "@web/lib/query-keys";

// The server makes the copy: "<name>_copy", inactive, same settings and links.
export const duplicatePrompt = (id: string) => unwrap(api.prompts[":id"].duplicate.$post({ param: { id: encodeURIComponent(id) } }));

export const useDuplicatePrompt = (callbacks?: MutationCallbacks<Awaited<ReturnType<typeof duplicatePrompt>>>) =>
  useApiMutation({ mutationFn: duplicatePrompt, refresh: [queryKeys.prompts], errorTitle: T.error, errorFallback: PROMPT_TEXTS.duplicateError, callbacks });
