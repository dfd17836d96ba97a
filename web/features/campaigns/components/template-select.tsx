import { useProviderTemplates } from "@web/lib/queries/get-provider-templates";

// sid → friendly name, for cards and steps that store only the sid.
export function useTemplateNames(): (sid: string | null) => string | null {
  const { data } = useProviderTemplates();
  return (sid) => (sid ? (data?.find((t) => t.sid === sid)?.friendlyName ?? null) : null);
}
