import { T } from "@shared/strings";
import { LIST_TEXTS } from "@shared/texts/lists";
import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import { queryKeys } from "@web/lib/query-keys";

export const saveListSync = ({ id, syncInterval }: { id: string; syncInterval: number }) =>
  unwrap(api.lists[":id"].sync.$put({ param: { id: encodeURIComponent(id) }, json: { syncInterval } }));

export const useSaveListSync = () =>
  useApiMutation({ mutationFn: saveListSync, refresh: [queryKeys.lists], errorTitle: T.error, errorFallback: LIST_TEXTS.syncSaveError });
