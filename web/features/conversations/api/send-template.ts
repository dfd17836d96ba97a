import type { VariableBindings } from "@shared/template-variables";
import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import { refreshAfterSend } from "./send-message";

export interface SendTemplateInput {
  id: string;
  templateSid: string;
  variables: VariableBindings;
}

export const sendTemplate = ({ id, templateSid, variables }: SendTemplateInput) =>
  unwrap(api.conversations[":id"]["send-template"].$post({ param: { id: encodeURIComponent(id) }, json: { templateSid, variables } }));

// The composer shows the failure under the picker and words its toast itself (sendFailureText).
export const useSendTemplate = () => useApiMutation({ mutationFn: sendTemplate, refresh: refreshAfterSend });
