import { queryOptions, useQuery } from "@tanstack/react-query";
import { POLL_MS } from "@shared/constants";
import { api, unwrapRead } from "@web/lib/api-client";

export const currentTimeQueryOptions = () =>
  queryOptions({
    queryKey: ["/api/time", "current"] as const,
    queryFn: async ({ signal }) => {
      const time = await unwrapRead(api.time.current.$get(undefined, { init: { signal } }));
      // How far the server's clock is from this computer's, so the clock can tick locally between reads.
      return time ? { ...time, skewMs: Date.parse(time.currentTime) - Date.now() } : null;
    },
    staleTime: 0,
  });

export function useCurrentTime() {
  return useQuery({ ...currentTimeQueryOptions(), refetchInterval: POLL_MS.time });
}
