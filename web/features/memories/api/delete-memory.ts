import { T } from "@shared/strings";
import { MEMORY_TEXTS } from "@shared/texts/memories";
import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { queryKeys } from "@web/lib/query-keys";

export const deleteMemory = (id: string) => unwrap(api.memories[":id"].$delete({ param: { id: encodeURIComponent(id) } }));

// The card holding the button goes away with the memory: its success toast is raised through callbacks.
export const useDeleteMemory = (callbacks?: MutationCallbacks) =>
  useApiMutation({ mutationFn: deleteMemory, refresh: [queryKeys.memories], errorTitle: T.error, errorFallback: MEMORY_TEXTS.deleteError, callbacks });
