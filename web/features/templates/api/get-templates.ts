import { useQuery } from "@tanstack/react-query";
import { templatesQueryOptions } from "@web/lib/queries/get-templates";

// While a template waits for WhatsApp, the list is refreshed so the verdict shows up by itself.
const PENDING_REFRESH_MS = 10_000;

export function useTemplates({ enabled }: { enabled: boolean }) {
  return useQuery({
    ...templatesQueryOptions(),
    enabled,
    refetchInterval: (query) => (query.state.data?.some((t) => t.status === "pending") ? PENDING_REFRESH_MS : false),
  });
}
