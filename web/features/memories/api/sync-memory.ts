import { MEMORY_TEXTS } from "@shared/texts/memories";
import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { queryKeys } from "@web/lib/query-keys";

// Re-reads the Airtable table.
export const syncMemory = (id: string) => unwrap(api.memories[":id"].sync.$post({ param: { id: encodeURIComponent(id) } }));

export const useSyncMemory = (callbacks?: MutationCallbacks<Awaited<ReturnType<typeof syncMemory>>>) =>
  useApiMutation({
    mutationFn: syncMemory,
    refresh: [queryKeys.memories],
    errorTitle: MEMORY_TEXTS.syncErrorTitle,
    errorFallback: MEMORY_TEXTS.syncDefaultError,
    // A failed sync is recorded on the memory (syncError): the list is read again either way.
    refreshOnError: [queryKeys.memories],
    callbacks,
  });
