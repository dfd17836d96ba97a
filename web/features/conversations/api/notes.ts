import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ApiNote } from "@shared/schemas/conversations";
import { apiGet, apiRequest } from "@web/lib/api-client";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { queryKeys } from "@web/lib/query-keys";

// Internal notes of a conversation; the live socket adds the team's new ones.
export const notesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.conversationNotes(id),
    queryFn: async ({ signal }) => (await apiGet<ApiNote[]>(`/api/conversations/${encodeURIComponent(id)}/notes`, { signal })) ?? [],
  });

export function useNotes(id: string) {
  return useQuery(notesQueryOptions(id));
}

export function addNote({ id, content }: { id: string; content: string }) {
  return apiRequest<ApiNote>("POST", `/api/conversations/${encodeURIComponent(id)}/notes`, { content });
}

export function useAddNote(callbacks: MutationCallbacks<ApiNote | null> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addNote,
    onSuccess: async (note, { id }) => {
      // A read still under way would answer without this note.
      await queryClient.cancelQueries({ queryKey: queryKeys.conversationNotes(id) });
      if (note) {
        queryClient.setQueryData<ApiNote[] | null>(queryKeys.conversationNotes(id), (notes) =>
          notes ? (notes.some((n) => n.id === note.id) ? notes : [...notes, note]) : [note],
        );
      }
      callbacks.onSuccess?.(note);
    },
    onError: (error) => callbacks.onError?.(error),
  });
}
