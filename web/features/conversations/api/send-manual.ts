import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import { refreshAfterSend, refreshOnRefusal } from "./send-message";

export interface SendManualInput {
  id: string;
  content: string;
  isOperatorMessage?: boolean;
}

export const sendManual = ({ id, content, isOperatorMessage }: SendManualInput) =>
  unwrap(api.conversations[":id"]["send-manual"].$post({ param: { id: encodeURIComponent(id) }, json: isOperatorMessage ? { content, isOperatorMessage: true } : { content } }));

// The composer words the failure itself (sendFailureText).
export const useSendManual = () => useApiMutation({ mutationFn: sendManual, refresh: refreshAfterSend, refreshOnError: refreshOnRefusal });
