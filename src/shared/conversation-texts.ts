// The conversation texts and the phone normalizer, shared by the Worker and the console. No zod here:
// the dashboard shows these texts, and importing schemas/conversations.ts would bring zod into its
// first load. schemas/conversations.ts re-exports everything.
import { MIN_PHONE_DIGITS } from "./constants";
import type { MessageStatus } from "./schemas/conversations";

export const CONVERSATION_TEXTS = {
  missingDataTitle: "Dati mancanti",
  missingData: "Inserisci il numero WhatsApp e seleziona un template",
  missingPromptTitle: "Prompt mancante",
  missingPrompt: "Il template selezionato non ha un prompt AI collegato. Vai in Prompts per collegarlo.",
  invalidNumberTitle: "Numero non valido",
  invalidNumber: "Inserisci un numero WhatsApp valido (es. +39 123 456 7890)",
  startErrorDefault: "Impossibile avviare la conversazione",
  startedTitle: "Conversazione avviata!",
  started: (number: string) => `Messaggio inviato a ${number}`,
  noLinkedPrompt: "Nessun prompt collegato a questo template",
  sendError: "Impossibile inviare il messaggio",
  deleteError: "Impossibile eliminare la conversazione",
  deleted: "Conversazione eliminata",
  deleteConfirm: "Sei sicuro di voler eliminare questa conversazione?",
  inDevelopment: "Funzione in sviluppo",
  noMessages: "Nessun messaggio ancora",
  notFound: "Conversazione non trovata",
  selectConversation: "Seleziona una conversazione per iniziare",
  anonymous: "Cliente Anonimo",
  noMessage: "Nessun messaggio",
  outsideWindow:
    "Sono passate più di 24 ore dall'ultimo messaggio del cliente: WhatsApp consente solo un template approvato.",
  optedOut: "Il cliente ha chiesto di non ricevere più messaggi (opt-out).",
  optOutConfirmation: "Hai annullato l'iscrizione: non riceverai più messaggi da questo numero. Scrivi START per riattivarli.",
  optInConfirmation: "Iscrizione riattivata: riceverai di nuovo i nostri messaggi.",
  aiFailed: "L'AI non è riuscita a rispondere. Nuovo tentativo in corso.",
  // The model gave nothing usable (empty, or cut off even with a larger budget): a person answers.
  aiNoAnswer: "L'AI non è riuscita a formulare una risposta: rispondi tu dalla chat.",
  // An error that no retry can fix (wrong key, unknown model, no credit): shown at once, not retried.
  aiProviderRefused: (reason: string) => `L'AI non può rispondere: ${reason}. Rispondi tu dalla chat.`,
  earlierPartFailed: "Non inviato: la parte precedente della risposta non è partita",
  aiTyping: "AI sta scrivendo...",
  blankMessage: "Il messaggio non può essere vuoto",
  templateNotApproved: "Il template selezionato non è approvato",

  // Console: list, filters and detail
  statusActive: "Attiva",
  statusWaiting: "Attesa",
  categoryGeneral: "Generale",
  searchPlaceholder: "Cerca conversazioni...",
  searchLabel: "Cerca conversazioni",
  listLabel: "Conversazioni",
  threadLabel: "Messaggi",
  listEmpty: "Nessuna conversazione trovata",
  listLoadError: "Impossibile caricare le conversazioni",
  noActiveConversations: "Nessuna conversazione attiva",
  dateFilterLabel: "Filtro data",
  dateAll: "Tutte le date",
  dateToday: "Oggi",
  dateYesterday: "Ieri",
  dateCustom: "Intervallo personalizzato",
  dateStart: "Data inizio",
  dateEnd: "Data fine",
  applyFilter: "Applica filtro",
  dateMissing: "Seleziona la data di inizio e la data di fine",
  dateFuture: "Le date non possono essere nel futuro",
  dateEndBeforeStart: "La data di fine non può precedere la data di inizio",
  back: "Indietro",
  archive: "Archivia",
  addToList: "Aggiungi a lista",
  openChat: "Apri chat",
  chat: "Chat",
  viewAll: "Visualizza Tutte",
  activeConversationsTitle: "Conversazioni attive",
  recentConversationsTitle: "Conversazioni recenti",
  goToStart: "Avvia una conversazione",
  optedOutBadge: "Opt-out",
  liveOn: "In tempo reale",
  liveOff: "Aggiornamento periodico",

  // Operator mode
  operatorMode: "Modalità operatore",
  operatorOn: "AI disattivata: i messaggi vanno direttamente al cliente su WhatsApp",
  operatorOff: "L'AI risponde automaticamente ai messaggi del cliente",
  operatorModeError: "Impossibile cambiare la modalità operatore",

  // Thread and composer
  senderCustomer: "Cliente",
  senderAi: "AI",
  senderOperator: "Operatore",
  senderSystem: "Sistema",
  templateMessage: "Template",
  sources: (names: string[]) => `Fonti: ${names.join(", ")}`,
  composerPlaceholder: "Scrivi un messaggio...",
  composerHint: "Invio per inviare, Maiusc+Invio per andare a capo",
  composerLabel: "Messaggio",
  send: "Invia",
  sending: "Invio in corso...",
  templatePickerLabel: "Template approvato",
  templatePickerPlaceholder: "Seleziona un template",
  templateVariable: (n: string) => `Variabile {{${n}}}`,
  templatePreview: "Anteprima",
  sendTemplate: "Invia template",
  noApprovedTemplates: "Nessun template approvato disponibile",

  // Start-conversation form
  startTitle: "Avvia conversazione",
  startDescription: "Invia un template approvato: l'AI continuerà la conversazione quando il cliente risponde.",
  phoneLabel: "Numero WhatsApp",
  phonePlaceholder: "+39 123 456 7890",
  templateLabel: "Template",
  promptLabel: "Prompt AI",
  selectTemplate: "Seleziona un template",
  selectPrompt: "Seleziona un prompt",
  selectTemplateFirst: "Seleziona prima un template",
  noTemplates: "Nessun template approvato per l'account attivo",
  customerNameLabel: "Nome cliente (opzionale)",
  customerCompanyLabel: "Azienda (opzionale)",
  startButton: "Avvia conversazione",
  starting: "Avvio in corso...",

  // WhatsApp simulator (sandbox accounts)
  simulatorTitle: "Simulatore WhatsApp",
  simulatorShow: "Mostra simulatore",
  simulatorHide: "Nascondi simulatore",
  simulatorHint: "Scrivi come se fossi il cliente: il messaggio segue lo stesso percorso di un vero messaggio WhatsApp.",
  simulatorOnline: "online",
  simulatorPlaceholder: "Messaggio",
  simulatorSend: "Invia come cliente",
  simulatorEmpty: "Nessun messaggio. Scrivi il primo come cliente.",
  simulatorError: "Impossibile simulare il messaggio",
  simulateCustomer: "Simula cliente",
  simulateTitle: "Simula un cliente WhatsApp",
  simulateDescription: "Il messaggio arriva all'account sandbox come da un vero cliente e l'AI risponde dopo qualche secondo.",
  simulatePhoneLabel: "Numero del cliente",
  simulateNameLabel: "Nome profilo (opzionale)",
  simulateMessageLabel: "Messaggio del cliente",
  simulateSubmit: "Invia messaggio",
} as const;

// Italian labels of a message's delivery status.
export const MESSAGE_STATUS_TEXTS: Record<MessageStatus, string> = {
  received: "Ricevuto",
  queued: "In coda",
  sending: "Invio in corso",
  sent: "Inviato",
  delivered: "Consegnato",
  read: "Letto",
  failed: "Non inviato",
  undelivered: "Non consegnato",
};

// Digits only, at least 10, returned as E.164 with the plus.
export function normalizePhone(input: string): string | null {
  const digits = input.replace(/\D/g, "");
  if (digits.length < MIN_PHONE_DIGITS || digits.length > 15) return null;
  return `+${digits}`;
}
