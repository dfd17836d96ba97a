import { MEDIA_LIMITS, mediaKind, OUTBOUND_MEDIA_TYPES } from "@shared/media";
import { MEDIA_TEXTS as MX } from "@shared/texts/media";
import type { ApiMessage } from "@shared/schemas/conversations";
import { apiErrorFrom } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import { refreshAfterSend, refreshOnRefusal } from "./send-message";

export interface SendMediaInput {
  id: string;
  file: File;
  caption?: string;
  // 0..100 while the file uploads.
  onProgress?: (percent: number) => void;
}

// Why the composer refuses a file before uploading it (the server checks again, with its bytes).
export function attachmentIssue(file: Pick<File, "type" | "size">): string | null {
  const type = file.type.toLowerCase();
  if (!(OUTBOUND_MEDIA_TYPES as readonly string[]).includes(type)) return MX.notAllowedOutbound;
  const kind = mediaKind(type)!;
  if (file.size > MEDIA_LIMITS[kind]) return MX.tooLarge(kind, MEDIA_LIMITS[kind]);
  if (file.size === 0) return MX.emptyFile;
  return null;
}

// The file goes as the raw body so the Worker streams it to R2; XHR, because fetch (and so the typed
// client) reports no upload progress.
export function sendMedia({ id, file, caption, onProgress }: SendMediaInput): Promise<ApiMessage> {
  const query = new URLSearchParams({ fileName: file.name, ...(caption ? { caption } : {}) });
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/media/outbound/${encodeURIComponent(id)}?${query}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader("Content-Type", file.type);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve(JSON.parse(xhr.responseText) as ApiMessage);
      else reject(apiErrorFrom(xhr.status, xhr.responseText));
    };
    xhr.onerror = () => reject(new Error(MX.fetchFailed("rete")));
    xhr.send(file);
  });
}

// The composer words the failure itself (sendFailureText).
export const useSendMedia = () => useApiMutation({ mutationFn: sendMedia, refresh: refreshAfterSend, refreshOnError: refreshOnRefusal });
