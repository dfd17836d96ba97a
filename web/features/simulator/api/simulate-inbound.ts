import { T } from "@shared/strings";
import { SIMULATOR_TEXTS as SX } from "@shared/texts/simulator";
import { api, unwrap } from "@web/lib/api-client";
import { type ApiMutationOptions, useApiMutation } from "@web/lib/api-mutation";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { refreshConversationSummaries } from "@web/lib/queries/refresh-conversations";

export interface SimulateInboundInput {
  phoneNumber: string;
  body: string;
  profileName?: string;
}

// Writes as the customer of a sandbox account: signed and handled like a real Twilio webhook.
export const simulateInbound = (json: SimulateInboundInput) => unwrap(api.sandbox.inbound.$post({ json }));

export type SimulateInboundResult = Awaited<ReturnType<typeof simulateInbound>>;

// A simulated message shows in the lists like a real one. Its failure is a toast, or ("inline") the
// caller's own: the dialog shows a refused number on its field.
export function useSimulation<TInput>(
  mutationFn: (input: TInput) => Promise<SimulateInboundResult>,
  failure: "toast" | "inline" = "toast",
  callbacks?: MutationCallbacks<SimulateInboundResult>,
) {
  const meta: Partial<ApiMutationOptions<SimulateInboundResult, TInput>> = failure === "toast" ? { errorTitle: T.error, errorFallback: SX.error } : {};
  return useApiMutation({ mutationFn, refresh: (queryClient) => refreshConversationSummaries(queryClient), ...meta, callbacks });
}

export const useSimulateInbound = (callbacks?: MutationCallbacks<SimulateInboundResult>) => useSimulation(simulateInbound, "toast", callbacks);
