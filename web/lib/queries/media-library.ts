import { queryOptions, useQuery } from "@tanstack/react-query";
import { MEDIA_LIMITS, mediaKind } from "@shared/media";
import { type ApiLibrary, type ApiLibraryItem, LIBRARY_TYPES } from "@shared/media-library";
import { LIBRARY_TEXTS as LX } from "@shared/texts/media-library";
import { T } from "@shared/strings";
import { api, apiRequest, unwrap, unwrapRead } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";

// The active account's media library; the account's id in the key gives each account its own.
const MEDIA_LIBRARY_KEY = ["/api/media-library"] as const;

export const mediaLibraryQueryOptions = (twilioAccountId: string) =>
  queryOptions({
    queryKey: [...MEDIA_LIBRARY_KEY, { twilioAccountId }] as const,
    queryFn: ({ signal }): Promise<ApiLibrary | null> => unwrapRead(api["media-library"].$get(undefined, { init: { signal } })),
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

// The file is the raw body, so the Worker reads it without a multipart parser (hc sends no raw body).
export function uploadLibraryItem({ title, description, file }: LibraryUpload) {
  const query = new URLSearchParams({ title, fileName: file.name, ...(description ? { description } : {}) });
  return apiRequest<ApiLibraryItem>("POST", `/api/media-library?${query}`, file, { contentType: file.type });
}

export const removeLibraryItem = (id: string) => unwrap(api["media-library"][":id"].$delete({ param: { id: encodeURIComponent(id) } }));

// An upload's failure is told under its form; a removal's in a toast.
export function useLibraryMutations() {
  return {
    upload: useApiMutation({ mutationFn: uploadLibraryItem, refresh: [MEDIA_LIBRARY_KEY] }),
    remove: useApiMutation({ mutationFn: removeLibraryItem, refresh: [MEDIA_LIBRARY_KEY], errorTitle: T.error, errorFallback: LX.saveError }),
  };
}
