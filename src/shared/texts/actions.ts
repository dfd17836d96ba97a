import type { LeadLevel } from "../schemas/lead-detection";

// The actions screen's words (Lead Detection AI and the automation cards) and the lead notification.
export const ACTIONS_TEXTS = {
  lastCustomerMessage: (text: string) => `Ultimo messaggio del cliente: «${text}»`,
  leadDetectionTitle: "Lead Detection AI",
  leadDetectionDescription:
    "Analizza le conversazioni dopo ogni messaggio dei clienti, riconosce i lead qualificati (interesse e urgenza) e li segnala su WhatsApp ai numeri che indichi.",
  active: "ATTIVO",
  inactive: "INATTIVO",
  comingSoon: "Prossimamente",
  settingsTitle: "Impostazioni Lead Detection AI",
  settingsDescription:
    "Quando è attiva, ogni conversazione viene analizzata dall'AI. Un lead qualificato viene segnato come conversione e notificato una sola volta ai numeri in elenco.",
  enabledLabel: "Attiva Lead Detection AI",
  templateLabel: "Template della notifica",
  freeFormOption: "Messaggio libero (solo ai numeri che hanno scritto nelle ultime 24 ore)",
  freeFormShort: "Messaggio libero",
  phonesCount: (n: number) => (n === 1 ? "1 numero da avvisare" : `${n} numeri da avvisare`),
  phonesLabel: "Numeri da avvisare",
  phonePlaceholder: "+393331234567",
  addPhone: "Aggiungi",
  removePhone: (phone: string) => `Rimuovi ${phone}`,
  noPhones: "Nessun numero in elenco",
  phoneRequired: "Inserisci un numero di telefono",
  tooManyPhones: "Al massimo 20 numeri",
  saveError: "Errore durante il salvataggio delle impostazioni",
  saved: "Impostazioni salvate",
  loadError: "Errore nel caricamento delle impostazioni",
  interestLabels: { low: "basso", medium: "medio", high: "alto" } satisfies Record<LeadLevel, string>,
  urgencyLabels: { low: "bassa", medium: "media", high: "alta" } satisfies Record<LeadLevel, string>,
  notification: (customer: string, phone: string, interest: LeadLevel, urgency: LeadLevel, summary: string) =>
    `Nuovo lead qualificato da Lead Detection AI: ${customer} (${phone}). Interesse ${ACTIONS_TEXTS.interestLabels[interest]}, urgenza ${ACTIONS_TEXTS.urgencyLabels[urgency]}.${summary ? ` ${summary}` : ""}`,
  notificationTemplateDetail: (interest: LeadLevel, urgency: LeadLevel) =>
    `lead qualificato, interesse ${ACTIONS_TEXTS.interestLabels[interest]}, urgenza ${ACTIONS_TEXTS.urgencyLabels[urgency]}`,
  // Cards of automations that are not available yet (Voice AI and Vision AI are real: media-ai-cards).
  upcoming: [{ key: "email-sync", title: "Email Sync Pro", description: "Sincronizza conversazioni e lead con la tua casella email." }],
  upcomingMobile: [] as { key: string; title: string; description: string }[],
} as const;
