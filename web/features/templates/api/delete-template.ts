import { T } from "@shared/strings";
import { TEMPLATE_TEXTS } from "@shared/texts/templates";
import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { queryKeys } from "@web/lib/query-keys";

export const deleteTemplate = (id: string) => unwrap(api.templates[":id"].$delete({ param: { id: encodeURIComponent(id) } }));

// The card holding the button goes away with the template: its success toast is raised through callbacks.
export const useDeleteTemplate = (callbacks?: MutationCallbacks) =>
  useApiMutation({
    mutationFn: deleteTemplate,
    refresh: [queryKeys.templates, queryKeys.twilioTemplates],
    errorTitle: TEMPLATE_TEXTS.deleteError,
    errorFallback: T.unknownError,
    callbacks,
  });
