import type { TemplateInput } from "@shared/schemas/templates";
import { T } from "@shared/strings";
import { TEMPLATE_TEXTS } from "@shared/texts/templates";
import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import { queryKeys } from "@web/lib/query-keys";

export const updateTemplate = ({ id, input }: { id: string; input: TemplateInput }) =>
  unwrap(api.templates[":id"].$put({ param: { id: encodeURIComponent(id) }, json: input }));

// The form shows the field errors; the toast says what failed.
export const useUpdateTemplate = () =>
  useApiMutation({ mutationFn: updateTemplate, refresh: [queryKeys.templates], errorTitle: TEMPLATE_TEXTS.updateError, errorFallback: T.unknownError });
