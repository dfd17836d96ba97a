import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import { queryKeys } from "@web/lib/query-keys";
import { requestUploadUrl } from "./request-upload-url";
import { uploadObject } from "./upload-object";

export const setAccountPhoto = ({ id, profilePhoto }: { id: string; profilePhoto: string }) =>
  unwrap(api["twilio-accounts"][":id"].photo.$put({ param: { id: encodeURIComponent(id) }, json: { profilePhoto } }));

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

// The dialog words the failure itself: its title names the step that failed.
export const useUploadAccountPhoto = () => useApiMutation({ mutationFn: uploadAccountPhoto, refresh: [queryKeys.accounts] });
