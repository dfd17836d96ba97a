import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiList, ListLeadInput } from "@shared/schemas/lists";
import { T } from "@shared/strings";
import { CONVERSATION_TEXTS as TX } from "@shared/texts/conversations";
import { api, unwrap, unwrapRead } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { queryKeys } from "@web/lib/query-keys";

// The account's static lists: a contact is added to one by hand (dynamic lists follow their source).
export const staticListsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.lists,
    queryFn: async ({ signal }) => ((await unwrapRead(api.lists.$get(undefined, { init: { signal } }))) ?? []) as ApiList[],
    select: (lists: ApiList[]) => lists.filter((l) => l.listType === "static"),
  });

export function useStaticLists({ enabled }: { enabled: boolean }) {
  return useQuery({ ...staticListsQueryOptions(), enabled });
}

export const addContactToList = ({ listId, lead }: { listId: string; lead: ListLeadInput }) =>
  unwrap(api.lists[":id"].leads.$post({ param: { id: encodeURIComponent(listId) }, json: lead }));

export const useAddContactToList = (callbacks?: MutationCallbacks<Awaited<ReturnType<typeof addContactToList>>>) =>
  useApiMutation({ mutationFn: addContactToList, refresh: [queryKeys.lists], errorTitle: T.error, errorFallback: TX.addToListError, callbacks });
