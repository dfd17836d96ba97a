import type { SIMULATOR_MEDIA_KINDS } from "@shared/media";
import { api, unwrap } from "@web/lib/api-client";
import { useSimulation } from "./simulate-inbound";

export interface SimulateMediaInput {
  phoneNumber: string;
  kind: (typeof SIMULATOR_MEDIA_KINDS)[number];
  profileName?: string;
  caption?: string;
}

// Sends, as the customer, a sample photo, voice note or document the product ships, or a location.
export const simulateMedia = (json: SimulateMediaInput) => unwrap(api.media.simulator.$post({ json }));

export const useSimulateMedia = () => useSimulation(simulateMedia);
