import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ApiConversation, ApiLabel } from "@shared/schemas/conversations";
import { apiGet, apiRequest } from "@web/lib/api-client";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { queryKeys } from "@web/lib/query-keys";
import { putChangedConversation } from "../lib/live-cache";

export const labelsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.labels,
    queryFn: async ({ signal }) => (await apiGet<ApiLabel[]>("/api/conversations/labels", { signal })) ?? [],
    staleTime: 60_000,
  });

export function useLabels() {
  return useQuery(labelsQueryOptions());
}

export function useCreateLabel(callbacks: MutationCallbacks<ApiLabel | null> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Pick<ApiLabel, "name" | "color">) => apiRequest<ApiLabel>("POST", "/api/conversations/labels", input),
    onSuccess: async (label) => {
      callbacks.onSuccess?.(label);
      await queryClient.invalidateQueries({ queryKey: queryKeys.labels, exact: true });
    },
    onError: (error) => callbacks.onError?.(error),
  });
}

export function useDeleteLabel(callbacks: MutationCallbacks<unknown> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (labelId: string) => apiRequest("DELETE", `/api/conversations/labels/${encodeURIComponent(labelId)}`),
    onSuccess: async (data) => {
      callbacks.onSuccess?.(data);
      await queryClient.invalidateQueries({ queryKey: queryKeys.labels, exact: true });
    },
    onError: (error) => callbacks.onError?.(error),
  });
}

export function useSetLabels(callbacks: MutationCallbacks<ApiConversation | null> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, labelIds }: { id: string; labelIds: string[] }) =>
      apiRequest<ApiConversation>("PUT", `/api/conversations/${encodeURIComponent(id)}/labels`, { labelIds }),
    onSuccess: (conversation) => {
      if (conversation) putChangedConversation(queryClient, conversation);
      callbacks.onSuccess?.(conversation);
    },
    onError: (error) => callbacks.onError?.(error),
  });
}
