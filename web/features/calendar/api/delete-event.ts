import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@web/lib/api-client";
import { CALENDAR_KEY } from "./get-events";

export function deleteEvent(id: string) {
  return apiRequest<null>("DELETE", `/api/calendar/${encodeURIComponent(id)}`);
}

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEvent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CALENDAR_KEY }),
  });
}
