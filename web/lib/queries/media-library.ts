import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { MEDIA_LIMITS, mediaKind } from "@shared/media";
import { type ApiLibrary, type ApiLibraryItem, LIBRARY_TYPES } from "@shared/media-library";
import { LIBRARY_TEXTS as LX } from "@shared/texts/media-library";
import { apiGet, apiRequest } from "@web/lib/api-client";

// The active account's media library; the account's id in the key gives each account its own.
export const mediaLibraryQueryOptions = (twilioAccountId: string) =>
  queryOptions({
    queryKey: ["/api/media-library", { twilioAccountId }] as const,
    queryFn: ({ signal }) => apiGet<ApiLibrary>("/api/media-library", { signal }),
  });

export function useMediaLibrary(twilioAccountId: string) {
  return useQuery(mediaLibraryQueryOptions(twilioAccountId));
}

// Why a file is refused before it is uploaded (the server checks again, by its bytes).
export function libraryFileIssue(file: Pick<File, "type" | "size">): string | null {
  const type = file.type.toLowerCase();
  if (!(LIBRARY_TYPES as readonly string[]).includes(type)) return LX.wrongType;
  const kind = mediaKind(type)!;
  if (file.size > MEDIA_LIMITS[kind]) return LX.tooLarge(MEDIA_LIMITS[kind]);
  if (file.size === 0) return LX.fileMissing;
  return null;
}

export interface LibraryUpload {
  title: string;
  description: string;
  file: File;
}

// The file is the raw body, so the Worker reads it without a multipart parser.
export function uploadLibraryItem({ title, description, file }: LibraryUpload) {
  const query = new URLSearchParams({ title, fileName: file.name, ...(description ? { description } : {}) });
  return apiRequest<ApiLibraryItem>("POST", `/api/media-library?${query}`, file, { contentType: file.type });
}

export function useLibraryMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["/api/media-library"] });
  return {
    upload: useMutation({ mutationFn: uploadLibraryItem, onSuccess: refresh }),
    remove: useMutation({ mutationFn: (id: string) => apiRequest("DELETE", `/api/media-library/${encodeURIComponent(id)}`), onSuccess: refresh }),
  };
}
