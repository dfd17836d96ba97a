import type { CreateListInput } from "@shared/schemas/lists";
import { T } from "@shared/strings";
import { LIST_TEXTS } from "@shared/texts/lists";
import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import { queryKeys } from "@web/lib/query-keys";

export const createList = (input: CreateListInput) => unwrap(api.lists.$post({ json: input }));

export const useCreateList = () =>
  useApiMutation({ mutationFn: createList, refresh: [queryKeys.lists], errorTitle: T.error, errorDescription: LIST_TEXTS.createError });
