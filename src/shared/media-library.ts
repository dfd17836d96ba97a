import { z } from "zod";
import { MEDIA_LIMITS, MEDIA_TYPES, type MediaKind } from "./media";

// The account's media library (issue 16, "Invia documento"): brochures, price lists and images uploaded
// once per provider account, which the agent sends to a customer with the tool invia_documento.

// What WhatsApp shows as a document or a photo and file-type recognises by its bytes.
export const LIBRARY_TYPES = [...MEDIA_TYPES.image, "application/pdf"] as const;
// The largest file the library takes: WhatsApp's limit for a document (a photo stops at its own).
export const LIBRARY_MAX_BYTES = MEDIA_LIMITS.document;
export const LIBRARY_MAX_ITEMS = 50;

export const LIBRARY_TEXTS = {
  title: "Libreria documenti",
  description: "Brochure, listini e immagini che l'agente può inviare ai clienti su WhatsApp con lo strumento «Invia documento».",
  empty: "Nessun documento: caricane uno perché l'agente possa inviarlo.",
  titleLabel: "Titolo",
  titlePlaceholder: "Es. Listino prezzi 2026",
  descriptionLabel: "Descrizione per l'agente",
  descriptionPlaceholder: "Es. Prezzi di tutti i trattamenti, da inviare a chi chiede quanto costa",
  fileLabel: "File (PDF o foto)",
  fileHint: "PDF fino a 100 MB, foto JPEG, PNG o WebP fino a 5 MB",
  upload: "Carica",
  uploading: "Caricamento…",
  uploaded: "Documento caricato",
  remove: (title: string) => `Elimina ${title}`,
  removed: "Documento eliminato",
  onlyOwner: "Solo il proprietario dell'account può cambiare la libreria",
  loadError: "Impossibile caricare la libreria",
  saveError: "Impossibile salvare il documento",
  // Server reasons.
  titleRequired: "Il titolo è obbligatorio (al massimo 120 caratteri)",
  descriptionTooLong: "La descrizione può avere al massimo 500 caratteri",
  fileNameInvalid: "Nome del file non valido",
  fileMissing: "Scegli un file da caricare",
  duplicateTitle: (title: string) => `Esiste già un documento con il titolo «${title}»`,
  tooMany: `La libreria può contenere al massimo ${LIBRARY_MAX_ITEMS} documenti`,
  wrongType: "Il file deve essere un PDF o una foto JPEG, PNG o WebP (controllato dal contenuto del file)",
  tooLarge: (kind: MediaKind) => `File troppo grande: WhatsApp accetta al massimo ${Math.round(MEDIA_LIMITS[kind] / (1024 * 1024))} MB`,
  notFound: "Documento non trovato",
} as const;

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
