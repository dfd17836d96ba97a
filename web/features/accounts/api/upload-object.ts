import { apiRequest } from "@web/lib/api-client";

// The raw file goes to the URL the server handed out, with the file's own Content-Type.
export function uploadObject(uploadURL: string, file: File) {
  return apiRequest<{ objectPath: string }>("PUT", uploadURL, file, { contentType: file.type });
}
