import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

export function uploadProfilePhoto(file: File) {
  const form = new FormData();
  form.append("profilePhoto", file);
  return apiRequest<{ profileImageUrl: string }>("PUT", "/api/users/profile-photo", form);
}

export function useUploadProfilePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfilePhoto,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.me }),
  });
}
