import { T } from "@shared/strings";
import { MEMORY_TEXTS } from "@shared/texts/memories";
import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import { queryKeys } from "@web/lib/query-keys";
import type { MemoryBody } from "../lib/memory-form";

export const createMemory = (body: MemoryBody) => unwrap(api.memories.$post({ json: body }));

// The form shows the field errors; the toast says what failed.
export const useCreateMemory = () =>
  useApiMutation({ mutationFn: createMemory, refresh: [queryKeys.memories], errorTitle: T.error, errorFallback: MEMORY_TEXTS.saveError });
