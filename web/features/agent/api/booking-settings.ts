import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ApiBookingSettings } from "@shared/schemas/agent";
import { apiGet, apiRequest } from "@web/lib/api-client";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";

const KEY = ["/api/agent", "booking-settings"] as const;

export const bookingSettingsQueryOptions = () =>
  queryOptions({
    queryKey: KEY,
    queryFn: ({ signal }) => apiGet<ApiBookingSettings>("/api/agent/booking-settings", { signal }),
  });

export function useBookingSettings() {
  return useQuery(bookingSettingsQueryOptions());
}

export function useSaveBookingSettings(callbacks: MutationCallbacks<ApiBookingSettings | null> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiBookingSettings) => apiRequest<ApiBookingSettings>("PUT", "/api/agent/booking-settings", input),
    onSuccess: (data) => {
      queryClient.setQueryData(KEY, data);
      callbacks.onSuccess?.(data);
    },
    onError: (error) => callbacks.onError?.(error),
  });
}
