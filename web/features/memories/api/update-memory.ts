import { T } from "@shared/strings";
import { MEMORY_TEXTS } from "@shared/texts/memories";
import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { queryKeys } from "@web/lib/query-keys";
import type { MemoryBody } from "../lib/memory-form";

// Any subset of the fields: the active switch sends only isActive.
export const updateMemory = ({ id, body }: { id: string; body: Partial<MemoryBody> }) =>
  unwrap(api.memories[":id"].$put({ param: { id: encodeURIComponent(id) }, json: body }));

export const useUpdateMemory = (callbacks?: MutationCallbacks<Awaited<ReturnType<typeof updateMemory>>>) =>
  useApiMutation({ mutationFn: updateMemory, refresh: [queryKeys.memories], errorTitle: T.error, errorFallback: MEMORY_TEXTS.saveError, callbacks });
