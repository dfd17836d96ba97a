import { T } from "@shared/strings";
import { TEMPLATE_TEXTS } from "@shared/texts/templates";
import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import { queryKeys } from "@web/lib/query-keys";

export const submitTemplate = (id: string) => unwrap(api.templates[":id"].submit.$post({ param: { id: encodeURIComponent(id) } }));

export const useSubmitTemplate = () =>
  useApiMutation({ mutationFn: submitTemplate, refresh: [queryKeys.templates], errorTitle: TEMPLATE_TEXTS.submitError, errorFallback: T.unknownError });
