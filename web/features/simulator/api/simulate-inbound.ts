import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@web/lib/api-client";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { refreshConversationSummaries } from "@web/lib/queries/refresh-conversations";

export interface SimulateInboundInput {
  phoneNumber: string;
  body: string;
  profileName?: string;
}

export interface SimulateInboundResult {
  conversationId: string | null;
  messageSid: string;
}

// Writes as the customer of a sandbox account: signed and handled like a real Twilio webhook.
export function simulateInbound(input: SimulateInboundInput) {
  return apiRequest<SimulateInboundResult>("POST", "/api/sandbox/inbound", input);
}

export function useSimulateInbound(callbacks: MutationCallbacks<SimulateInboundResult | null> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: simulateInbound,
    onSuccess: async (result) => {
      callbacks.onSuccess?.(result);
      await refreshConversationSummaries(queryClient);
    },
    onError: (error) => callbacks.onError?.(error),
  });
}
