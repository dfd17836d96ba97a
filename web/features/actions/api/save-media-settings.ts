import type { MediaSettings } from "@shared/media";
import { T } from "@shared/strings";
import { ACTIONS_TEXTS } from "@shared/texts/actions";
import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import { MEDIA_SETTINGS_KEY } from "./get-media-settings";

export const saveMediaSettings = (input: Partial<MediaSettings>) => unwrap(api.media.settings.$put({ json: input }));

export const useSaveMediaSettings = () =>
  useApiMutation({ mutationFn: saveMediaSettings, refresh: [MEDIA_SETTINGS_KEY], errorTitle: T.error, errorFallback: ACTIONS_TEXTS.saveError });
