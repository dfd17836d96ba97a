import { IMAGE_MIME_TYPES, PHOTO_MAX_BYTES } from "@shared/constants";
import { T } from "@shared/strings";

export interface FileProblem {
  title: string;
  description: string;
}

// The same checks the server makes, so a bad pick is refused before any upload.
export function checkImageFile(
  file: Pick<File, "type" | "size">,
  tooLargeText: string = T.photoTooLarge,
): FileProblem | null {
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) {
    return { title: T.photoInvalidFormatTitle, description: T.photoInvalidFormat };
  }
  if (file.size > PHOTO_MAX_BYTES) return { title: T.photoTooLargeTitle, description: tooLargeText };
  return null;
}

export const IMAGE_ACCEPT = IMAGE_MIME_TYPES.join(",");
