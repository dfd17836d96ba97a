import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiNote } from "@shared/schemas/conversations";
import { T } from "@shared/strings";
import { CONVERSATION_TEXTS as TX } from "@shared/texts/conversations";
import { api, unwrap, unwrapRead } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { queryKeys } from "@web/lib/query-keys";

// Internal notes of a conversation; the live socket adds the team's new ones.
export const notesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.conversationNotes(id),
    queryFn: async ({ signal }) => (await unwrapRead(api.conversations[":id"].notes.$get({ param: { id: encodeURIComponent(id) } }, { init: { signal } }))) ?? [],
  });

export function useNotes(id: string) {
  return useQuery(notesQueryOptions(id));
}

export const addNote = ({ id, content }: { id: string; content: string }) =>
  unwrap(api.conversations[":id"].notes.$post({ param: { id: encodeURIComponent(id) }, json: { content } }));

export const useAddNote = (callbacks?: MutationCallbacks<Awaited<ReturnType<typeof addNote>>>) =>
  useApiMutation({
    mutationFn: addNote,
    refresh: async (queryClient, note, { id }) => {
      // A read still under way would answer without this note.
      await queryClient.cancelQueries({ queryKey: queryKeys.conversationNotes(id) });
      queryClient.setQueryData<ApiNote[] | null>(queryKeys.conversationNotes(id), (notes) =>
        notes ? (notes.some((n) => n.id === note.id) ? notes : [...notes, note]) : [note],
      );
    },
    errorTitle: T.error,
    errorFallback: TX.noteError,
    callbacks,
  });
