import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiBookingSettings } from "@shared/schemas/agent";
import { T } from "@shared/strings";
import { AGENT_TEXTS as TX } from "@shared/texts/agent";
import { api, unwrap, unwrapRead } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";

const KEY = ["/api/agent", "booking-settings"] as const;

export const bookingSettingsQueryOptions = () =>
  queryOptions({
    queryKey: KEY,
    queryFn: ({ signal }) => unwrapRead(api.agent["booking-settings"].$get(undefined, { init: { signal } })),
  });

export function useBookingSettings() {
  return useQuery(bookingSettingsQueryOptions());
}

export const saveBookingSettings = (input: ApiBookingSettings) => unwrap(api.agent["booking-settings"].$put({ json: input }));

export const useSaveBookingSettings = (callbacks?: MutationCallbacks<ApiBookingSettings>) =>
  useApiMutation({
    mutationFn: saveBookingSettings,
    refresh: (queryClient, data) => void queryClient.setQueryData(KEY, data),
    errorTitle: T.error,
    errorFallback: TX.bookingSaveError,
    callbacks,
  });
