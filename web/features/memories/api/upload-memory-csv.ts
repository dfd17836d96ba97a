import type { ApiMemory } from "@shared/schemas/memories";
import { T } from "@shared/strings";
import { MEMORY_TEXTS } from "@shared/texts/memories";
import { ApiError, apiErrorFrom } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import { queryKeys } from "@web/lib/query-keys";
import { uploadPercent } from "../lib/csv-file";

export interface CsvUpload {
  id: string;
  file: File;
  // 0-100 while the bytes go up; the server then parses the file before answering.
  onProgress?: (percent: number) => void;
}

export function csvUploadUrl(id: string, fileName: string): string {
  return `/api/memories/${encodeURIComponent(id)}/csv?fileName=${encodeURIComponent(fileName)}`;
}

// XMLHttpRequest rather than fetch: only it reports upload progress. A failure is the API client's
// ApiError, so the server's message and details are read the same way.
export function uploadMemoryCsv({ id, file, onProgress }: CsvUpload): Promise<ApiMemory> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", csvUploadUrl(id, file.name));
    xhr.withCredentials = true;
    xhr.setRequestHeader("Content-Type", "text/csv");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(uploadPercent(event.loaded, event.total));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as ApiMemory);
        } catch {
          reject(new ApiError(xhr.status, null));
        }
        return;
      }
      reject(apiErrorFrom(xhr.status, xhr.responseText));
    };
    xhr.onerror = () => reject(new Error(T.unknownError));
    xhr.send(file);
  });
}

// The editor shows the failure inline too (the file's state).
export const useUploadMemoryCsv = () =>
  useApiMutation({
    mutationFn: uploadMemoryCsv,
    refresh: [queryKeys.memories],
    errorTitle: MEMORY_TEXTS.csvErrorTitle,
    errorFallback: MEMORY_TEXTS.csvUploadFailed,
    // A failed upload is recorded on the memory (its CSV state): the list is read again either way.
    refreshOnError: [queryKeys.memories],
  });
