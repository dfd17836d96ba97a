import type { TemplateInput } from "@shared/schemas/templates";
import { T } from "@shared/strings";
import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import { queryKeys } from "@web/lib/query-keys";

export const createTemplate = (input: TemplateInput) => unwrap(api.templates.$post({ json: input }));

// The form shows the field errors; the toast says what failed.
export const useCreateTemplate = () =>
  useApiMutation({ mutationFn: createTemplate, refresh: [queryKeys.templates], errorTitle: T.error, errorFallback: T.unknownError });
