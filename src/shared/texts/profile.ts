// The profile photo dialog.
export const PROFILE_TEXTS = {
  photoUploadFailedTitle: "Errore upload",
  profilePhotoUpdatedTitle: "Foto profilo aggiornata",
  profilePhotoUpdated: "La tua foto profilo è stata caricata con successo.",
} as const;
