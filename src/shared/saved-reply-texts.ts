// Saved replies: texts and the placeholder filling, without zod (the composer loads them).
export const SAVED_REPLY_TEXTS = {
  title: "Risposte salvate",
  description: "Testi pronti per la chat: digita / nel messaggio per sceglierli. {{nome}} diventa il nome del cliente.",
  shortcut: "Scorciatoia",
  shortcutPlaceholder: "saluti",
  content: "Testo",
  contentPlaceholder: "Buongiorno {{nome}}, grazie per averci scritto!",
  add: "Aggiungi risposta",
  save: "Salva",
  cancel: "Annulla",
  edit: "Modifica",
  delete: "Elimina",
  empty: "Nessuna risposta salvata",
  saved: "Risposta salvata",
  deleted: "Risposta eliminata",
  error: "Impossibile salvare la risposta",
  shortcutRequired: "Inserisci una scorciatoia",
  shortcutInvalid: "La scorciatoia può contenere solo lettere, numeri, - e _ (massimo 30 caratteri)",
  contentRequired: "Inserisci il testo della risposta",
  contentTooLong: "La risposta può contenere al massimo 1600 caratteri",
  exists: "Esiste già una risposta con questa scorciatoia",
  notFound: "Risposta salvata non trovata",
  pickerLabel: "Risposte salvate",
  pickerEmpty: "Nessuna risposta salvata corrisponde",
} as const;

export interface ApiSavedReply {
  id: string;
  shortcut: string;
  content: string;
  updatedAt: string;
}

// {{nome}} becomes the customer's name (or "Cliente" when it is not known).
export function fillSavedReply(content: string, customerName: string | null | undefined): string {
  const name = customerName?.trim() || "Cliente";
  return content.replace(/\{\{\s*nome\s*\}\}/gi, name);
}
