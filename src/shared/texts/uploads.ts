// The words of file uploads (profile and account photos) that the Worker answers with.
export const UPLOAD_TEXTS = {
  fileEmpty: "Il file è vuoto",
  photoMultipartRequired: "Invia la foto come multipart/form-data nel campo profilePhoto",
  photoFieldRequired: "Invia la foto nel campo profilePhoto",
  fileIdInvalid: "Identificativo del file non valido",
  uploadNotFound: "File caricato non trovato",
} as const;
