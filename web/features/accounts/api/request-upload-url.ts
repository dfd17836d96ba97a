import { api, unwrap } from "@web/lib/api-client";

export async function requestUploadUrl(): Promise<string> {
  const answer = await unwrap(api.objects.upload.$post());
  if (!answer?.uploadURL) throw new Error("uploadURL mancante nella risposta");
  return answer.uploadURL;
}
