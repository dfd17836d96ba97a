import { z } from "zod";
import { LIBRARY_TEXTS } from "./texts/media-library";
import { MEDIA_LIMITS, MEDIA_TYPES } from "./media";

// The account's media library (issue 16, "Invia documento"): brochures, price lists and images uploaded
// once per provider account, which the agent sends to a customer with the tool invia_documento.

// What WhatsApp shows as a document or a photo and file-type recognises by its bytes.
export const LIBRARY_TYPES = [...MEDIA_TYPES.image, "application/pdf"] as const;
// The largest file the library takes: WhatsApp's limit for a document (a photo stops at its own).
export const LIBRARY_MAX_BYTES = MEDIA_LIMITS.document;
export const LIBRARY_MAX_ITEMS = 50;

export interface ApiLibraryItem {
  id: string;
  title: string;
  description: string;
  fileName: string;
  contentType: string;
  size: number;
  createdAt: string;
}

export interface ApiLibrary {
  items: ApiLibraryItem[];
  canEdit: boolean;
}

// The upload: the file is the raw body; these travel in the query.
export const libraryUploadQuery = z.object({
  title: z.string({ error: LIBRARY_TEXTS.titleRequired }).trim().min(1, LIBRARY_TEXTS.titleRequired).max(120, LIBRARY_TEXTS.titleRequired),
  description: z.string().trim().max(500, LIBRARY_TEXTS.descriptionTooLong).optional().default(""),
  fileName: z.string({ error: LIBRARY_TEXTS.fileNameInvalid }).trim().min(1, LIBRARY_TEXTS.fileNameInvalid).max(200, LIBRARY_TEXTS.fileNameInvalid),
});

export const libraryIdParam = z.object({ id: z.string().regex(/^[0-9a-f-]{36}$/, LIBRARY_TEXTS.notFound) });
