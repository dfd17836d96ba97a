import type { AgentToolKey } from "../schemas/agent";

// The words of the agent: its tools in the prompt editor, the booking hours card, the chat's event lines,
// the API's validation sentences and the refusals the model reads when its tool arguments are wrong.
export const AGENT_TEXTS = {
  toolsTitle: "Strumenti dell'agente",
  toolsHint: "L'agente può usare solo gli strumenti scelti; ogni azione viene controllata e mostrata nella chat.",
  toolLabels: {
    prenotazioni: "Prenota appuntamento",
    contatto: "Aggiorna contatto",
    qualifica: "Qualifica lead",
    operatore: "Passa a operatore",
    documenti: "Invia documento",
  } satisfies Record<AgentToolKey, string>,
  toolHints: {
    prenotazioni: "Cerca gli orari liberi nel Calendario, prenota, sposta o annulla l'appuntamento del cliente.",
    contatto: "Scrive nome, cognome, e-mail, azienda, esigenza e budget nel lead, senza toccare i dati inseriti da un operatore.",
    qualifica: "Segna il lead come qualificato con il motivo (una volta per conversazione).",
    operatore: "Attiva la modalità operatore con un riepilogo per chi prende in carico la chat.",
    documenti: "Invia su WhatsApp un file della Libreria documenti (Azioni), solo entro la finestra di 24 ore.",
  } satisfies Record<AgentToolKey, string>,
  toolsUnsupported: "Il modello di questo prompt non supporta gli strumenti: l'agente risponde senza. Scegli un altro modello per usarli.",
  toolsInvalid: "Strumenti non validi",

  bookingTitle: "Orari per gli appuntamenti",
  bookingHint: "L'agente propone e prenota solo slot liberi dentro questi orari (ora italiana).",
  closed: "Chiuso",
  addRange: "Aggiungi fascia",
  removeRange: "Rimuovi fascia",
  from: "Dalle",
  to: "Alle",
  slotMinutes: "Durata dello slot (minuti)",
  minNotice: "Preavviso minimo (minuti)",
  daysAhead: "Giorni prenotabili in avanti",
  reminderTemplate: "Template del promemoria al cliente",
  reminderNone: "Nessun promemoria",
  reminderMinutes: "Promemoria prima dell'appuntamento (minuti)",
  bookingSaved: "Orari salvati",
  bookingSaveError: "Errore durante il salvataggio degli orari",
  bookingLoadError: "Errore nel caricamento degli orari",
  save: "Salva orari",

  timeInvalid: "Orario non valido (usa HH:mm)",
  rangeInvalid: "Ogni fascia deve finire dopo l'inizio",
  rangesOverlap: "Le fasce dello stesso giorno non possono sovrapporsi",
  tooManyRanges: "Al massimo 3 fasce per giorno",
  slotInvalid: "Durata dello slot non valida",
  minNoticeInvalid: "Preavviso minimo non valido",
  daysAheadInvalid: "Giorni in avanti non validi (1-180)",
  reminderMinutesInvalid: "Anticipo del promemoria non valido",
  templateNotApproved: "Il template del promemoria deve essere approvato",
  hoursInvalid: "Orari di apertura non validi",

  // The chat's event lines.
  handoffTitle: "Passata all'operatore dall'agente",
  handoffWants: "Cosa vuole",
  handoffPromised: "Cosa è stato promesso",
  handoffMissing: "Cosa manca",
  handoffReply: "Ti metto in contatto con un collega: una persona ti risponderà qui al più presto.",
  // "giovedì 3 dicembre alle 10:00": how the agent and the chat's event lines name an appointment.
  dayAtTime: (day: string, time: string) => `${day} alle ${time}`,
  handoffAlert: (customer: string, phone: string, summary: string) => `AgentBot Pro: ${customer} (${phone}) chiede di parlare con una persona.\n${summary}`,

  // The booking hours card lists the week from Monday (WEEK_ORDER); these are indexed by getDay().
  weekdayLabels: ["Domenica", "Lunedì", "Martedì", "Mercoledì", "Giovedì", "Venerdì", "Sabato"],

  // The tools' arguments, as the model sends them: read by the model, not by people.
  args: {
    dayInvalid: "giorno deve essere una data AAAA-MM-GG",
    slotInvalid: "slot deve essere data e ora AAAA-MM-GGTHH:mm (ora italiana)",
    titleInvalid: "titolo è obbligatorio (al massimo 120 caratteri)",
    emailInvalid: "l'e-mail non è un indirizzo valido: chiedila di nuovo al cliente",
    contactEmpty: "nessun dato del contatto da scrivere",
    reasonRequired: "motivo è obbligatorio",
    summaryRequired: "richiesta è obbligatoria: scrivi cosa vuole il cliente",
    documentRequired: "documento è obbligatorio: il titolo di un documento della libreria",
  },

  // The chat's event line for each action of the agent.
  eventLines: {
    booked: (when: string) => `L'agente ha prenotato ${when}`,
    moved: (when: string) => `L'agente ha spostato l'appuntamento a ${when}`,
    cancelled: (when: string) => `L'agente ha annullato l'appuntamento di ${when}`,
    contact: (fields: string[]) => `L'agente ha aggiornato il contatto: ${fields.join(", ")}`,
    qualified: (reason: string) => `L'agente ha qualificato il lead: ${reason}`,
    handoff: "L'agente ha passato la conversazione a un operatore",
    document: (title: string) => `L'agente ha inviato il documento «${title}»`,
    refused: (tool: string, reason: string) => `L'agente ha provato «${tool}»: rifiutato (${reason})`,
  },
} as const;
