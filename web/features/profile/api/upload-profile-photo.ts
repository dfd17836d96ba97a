import { T } from "@shared/strings";
import { PROFILE_TEXTS } from "@shared/texts/profile";
import { apiRequest } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import { queryKeys } from "@web/lib/query-keys";

// A multipart body the route reads itself (no validator), which hc cannot express: a plain request.
export function uploadProfilePhoto(file: File) {
  const form = new FormData();
  form.append("profilePhoto", file);
  return apiRequest<{ profileImageUrl: string }>("PUT", "/api/users/profile-photo", form);
}

export const useUploadProfilePhoto = () =>
  useApiMutation({
    mutationFn: uploadProfilePhoto,
    refresh: [queryKeys.me],
    errorTitle: PROFILE_TEXTS.photoUploadFailedTitle,
    errorFallback: T.photoUploadFailed,
  });
