import { T } from "@shared/strings";
import { MEMORY_TEXTS } from "@shared/texts/memories";
import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { queryKeys } from "@web/lib/query-keys";

// The server copies the knowledge too (CSV file, Airtable link): "<name>_copy", inactive, no linked templates.
export const duplicateMemory = (id: string) => unwrap(api.memories[":id"].duplicate.$post({ param: { id: encodeURIComponent(id) } }));

export const useDuplicateMemory = (callbacks?: MutationCallbacks<Awaited<ReturnType<typeof duplicateMemory>>>) =>
  useApiMutation({ mutationFn: duplicateMemory, refresh: [queryKeys.memories], errorTitle: T.error, errorFallback: MEMORY_TEXTS.duplicateError, callbacks });
