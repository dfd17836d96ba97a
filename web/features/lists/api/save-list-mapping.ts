import { T } from "@shared/strings";
import { LIST_TEXTS } from "@shared/texts/lists";
import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import { queryKeys } from "@web/lib/query-keys";
import type { FieldMapping } from "./get-list-mapping";

// Saving the mapping also starts an import with it. The dialog also tells the server's reason inline.
export const saveListMapping = ({ id, fieldMapping }: { id: string; fieldMapping: FieldMapping }) =>
  unwrap(api.lists[":id"].mapping.$put({ param: { id: encodeURIComponent(id) }, json: { fieldMapping } }));

export const useSaveListMapping = () =>
  useApiMutation({ mutationFn: saveListMapping, refresh: [queryKeys.lists], errorTitle: T.error, errorDescription: LIST_TEXTS.mappingSaveError });
