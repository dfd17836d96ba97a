import { T } from "@shared/strings";
import { TEMPLATE_TEST_TEXTS as TX } from "@shared/texts/template-test";
import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import { refreshConversationSummaries } from "@web/lib/queries/refresh-conversations";

export interface TemplateTestInput {
  templateSid: string;
  phone: string;
  variables: Record<string, string>;
}

export const sendTemplateTest = (input: TemplateTestInput) => unwrap(api["template-test"].send.$post({ json: input }));

// The test lands in that number's conversation: the lists and counts change.
export const useSendTemplateTest = () =>
  useApiMutation({
    mutationFn: sendTemplateTest,
    refresh: (queryClient) => refreshConversationSummaries(queryClient),
    errorTitle: TX.failedTitle,
    errorFallback: T.unknownError,
  });
