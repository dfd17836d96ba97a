import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TwilioAccount } from "@shared/schemas/accounts";
import { apiRequest } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";
import { requestUploadUrl } from "./request-upload-url";
import { uploadObject } from "./upload-object";

export function setAccountPhoto({ id, profilePhoto }: { id: string; profilePhoto: string }) {
  return apiRequest<TwilioAccount>("PUT", `/api/twilio-accounts/${encodeURIComponent(id)}/photo`, { profilePhoto });
}

// Which step failed decides the message: the upload itself, or attaching it to the account.
export class PhotoStepError extends Error {
  constructor(
    readonly step: "upload" | "update",
    readonly original: unknown,
  ) {
    super(original instanceof Error ? original.message : String(original));
  }
}

export async function uploadAccountPhoto({ id, file }: { id: string; file: File }) {
  let uploadURL: string;
  try {
    uploadURL = await requestUploadUrl();
    await uploadObject(uploadURL, file);
  } catch (err) {
    throw new PhotoStepError("upload", err);
  }
  try {
    return await setAccountPhoto({ id, profilePhoto: uploadURL });
  } catch (err) {
    throw new PhotoStepError("update", err);
  }
}

export function useUploadAccountPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAccountPhoto,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.accounts }),
  });
}
