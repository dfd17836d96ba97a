import { T } from "@shared/strings";
import { LIST_TEXTS } from "@shared/texts/lists";
import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { queryKeys } from "@web/lib/query-keys";

export const deleteList = (id: string) => unwrap(api.lists[":id"].$delete({ param: { id: encodeURIComponent(id) } }));

// The card holding the button goes away with the list: its success toast is raised through callbacks.
export const useDeleteList = (callbacks?: MutationCallbacks) =>
  useApiMutation({ mutationFn: deleteList, refresh: [queryKeys.lists], errorTitle: T.error, errorDescription: LIST_TEXTS.deleteError, callbacks });
