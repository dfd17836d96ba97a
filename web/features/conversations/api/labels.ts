import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiLabel } from "@shared/schemas/conversations";
import { T } from "@shared/strings";
import { CONVERSATION_TEXTS as TX } from "@shared/texts/conversations";
import { api, unwrap, unwrapRead } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { queryKeys } from "@web/lib/query-keys";
import { putChangedConversation } from "../lib/live-cache";

export const labelsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.labels,
    queryFn: async ({ signal }) => (await unwrapRead(api.conversations.labels.$get(undefined, { init: { signal } }))) ?? [],
    staleTime: 60_000,
  });

export function useLabels() {
  return useQuery(labelsQueryOptions());
}

// Every change to the labels fails with the same toast.
const labelMutation = { errorTitle: T.error, errorFallback: TX.labelError } as const;
const refreshLabels = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: queryKeys.labels, exact: true });

export const createLabel = (json: Pick<ApiLabel, "name" | "color">) => unwrap(api.conversations.labels.$post({ json }));

export const useCreateLabel = (callbacks?: MutationCallbacks<Awaited<ReturnType<typeof createLabel>>>) =>
  useApiMutation({ mutationFn: createLabel, refresh: refreshLabels, ...labelMutation, callbacks });

export const deleteLabel = (labelId: string) => unwrap(api.conversations.labels[":labelId"].$delete({ param: { labelId: encodeURIComponent(labelId) } }));

export const useDeleteLabel = () => useApiMutation({ mutationFn: deleteLabel, refresh: refreshLabels, ...labelMutation });

export const setLabels = ({ id, labelIds }: { id: string; labelIds: string[] }) =>
  unwrap(api.conversations[":id"].labels.$put({ param: { id: encodeURIComponent(id) }, json: { labelIds } }));

export const useSetLabels = () =>
  useApiMutation({ mutationFn: setLabels, refresh: (queryClient, conversation) => putChangedConversation(queryClient, conversation), ...labelMutation });
