import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import { queryKeys } from "@web/lib/query-keys";

export const testGptModel = (input: { twilioAccountId: string; testMessage: string }) => unwrap(api["test-gpt-model"].$post({ json: input }));

// A real call is billed: the cost badge should show it. The card words the failure itself (the
// provider's reason, when the server gives one).
export const useTestGptModel = () => useApiMutation({ mutationFn: testGptModel, refresh: [queryKeys.usageStats] });
