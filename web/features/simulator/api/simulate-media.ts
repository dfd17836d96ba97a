import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SIMULATOR_MEDIA_KINDS } from "@shared/media";
import { apiRequest } from "@web/lib/api-client";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { refreshConversationSummaries } from "@web/lib/queries/refresh-conversations";
import type { SimulateInboundResult } from "./simulate-inbound";

export interface SimulateMediaInput {
  phoneNumber: string;
  kind: (typeof SIMULATOR_MEDIA_KINDS)[number];
  profileName?: string;
  caption?: string;
}

// Sends, as the customer, a sample photo, voice note or document the product ships, or a location.
export function simulateMedia(input: SimulateMediaInput) {
  return apiRequest<SimulateInboundResult>("POST", "/api/media/simulator", input);
}

export function useSimulateMedia(callbacks: MutationCallbacks<SimulateInboundResult | null> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: simulateMedia,
    onSuccess: async (result) => {
      callbacks.onSuccess?.(result);
      await refreshConversationSummaries(queryClient);
    },
    onError: (error) => callbacks.onError?.(error),
  });
}
