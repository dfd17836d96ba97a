import { T } from "@shared/strings";
import { SAVED_REPLY_TEXTS as TX } from "@shared/texts/saved-replies";
import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { queryKeys } from "@web/lib/query-keys";

type Input = { id?: string; shortcut: string; content: string };

// Creates a reply, or updates the one with `id`.
export const saveSavedReply = ({ id, ...json }: Input) =>
  id ? unwrap(api["saved-replies"][":id"].$put({ param: { id: encodeURIComponent(id) }, json })) : unwrap(api["saved-replies"].$post({ json }));

export const deleteSavedReply = (id: string) => unwrap(api["saved-replies"][":id"].$delete({ param: { id: encodeURIComponent(id) } }));

export const useSaveSavedReply = (callbacks?: MutationCallbacks<Awaited<ReturnType<typeof saveSavedReply>>>) =>
  useApiMutation({ mutationFn: saveSavedReply, refresh: [queryKeys.savedReplies], errorTitle: T.error, errorFallback: TX.error, callbacks });

export const useDeleteSavedReply = (callbacks?: MutationCallbacks<Awaited<ReturnType<typeof deleteSavedReply>>>) =>
  useApiMutation({ mutationFn: deleteSavedReply, refresh: [queryKeys.savedReplies], errorTitle: T.error, errorFallback: TX.error, callbacks });
