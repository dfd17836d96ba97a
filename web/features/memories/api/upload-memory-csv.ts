import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiMemory } from "@shared/schemas/memories";
import { T } from "@shared/strings";
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

// XMLHttpRequest rather than fetch: only it reports upload progress. Errors read "<status>: <body>"
// like the API client's, so the server's message and details are parsed the same way.
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
          reject(new Error(`${xhr.status}: ${T.unknownError}`));
        }
        return;
      }
      reject(new Error(`${xhr.status}: ${xhr.responseText || T.unknownError}`));
    };
    xhr.onerror = () => reject(new Error(T.unknownError));
    xhr.send(file);
  });
}

export function useUploadMemoryCsv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadMemoryCsv,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.memories }),
  });
}
