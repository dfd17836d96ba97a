import { apiRequest } from "@web/lib/api-client";

export async function requestUploadUrl(): Promise<string> {
  const answer = await apiRequest<{ uploadURL: string }>("POST", "/api/objects/upload");
  if (!answer?.uploadURL) throw new Error("uploadURL mancante nella risposta");
  return answer.uploadURL;
}
