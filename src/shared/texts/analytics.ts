// Every text of the dashboards' figures and of /analytics. The spec's own wordings (card labels,
// 'Analytics Rapide', 'Nessun dato disponibile', 'Preview Test', 'Avvia Test Completo') are kept
// exactly; the rest fills in what it leaves unworded.
import type { SentimentCategory } from "../constants";

export const SENTIMENT_CATEGORY_LABELS: Record<SentimentCategory, string> = {
  product: "Prodotto",
  service: "Servizio",
  price: "Prezzo",
  experience: "Esperienza",
  other: "Altro",
};

export const ANALYTICS_TEXTS = {
  // Admin dashboard stat cards
  activeConversations: "Conversazioni Attive",
  totalTemplates: "Template Totali",
  aiPrompts: "Prompt AI",
  conversionRate: "Tasso Conversione",
  responseRate: "Tasso Risposta",
  statUnavailable: "—",
  templatesHint: "Template approvati inviabili",
  promptsHint: (active: number) => (active === 1 ? "1 attivo" : `${active} attivi`),
  conversionHint: (started: number) => (started === 1 ? "su 1 conversazione avviata" : `su ${started} conversazioni avviate`),
  activeHint: "In corso con l'AI o un operatore",
  responseHint: (replied: number, started: number) =>
    `${replied === 1 ? "1 risposta" : `${replied} risposte`} su ${started === 1 ? "1 conversazione avviata" : `${started} conversazioni avviate`}`,

  // 'Analytics Rapide'
  quickAnalytics: "Analytics Rapide",
  quickAnalyticsDescription: "Tasso di conversione per template",
  noData: "Nessun dato disponibile",
  chartLabel: "Tasso di conversione per template",
  barText: (name: string, rate: string, converted: number, started: number) => `${name}: ${rate} (${converted} su ${started})`,
  moreTemplates: (n: number) => (n === 1 ? "+1 altro template" : `+${n} altri template`),
  categoryOther: "Altro",

  // Quick and main actions
  quickActions: "Azioni Rapide",
  mainActions: "Azioni Principali",
  startConversation: "Avvia conversazione",
  startConversationHint: "Invia un template approvato",
  manageTemplates: "Gestisci template",
  manageTemplatesHint: "Crea e invia in approvazione",
  managePrompts: "Gestisci prompt",
  managePromptsHint: "Istruzioni dell'agente AI",
  systemSettings: "Impostazioni di sistema",
  systemSettingsHint: "Profilo, token API e sicurezza",
  manageUsers: "Gestisci utenti",
  manageUsersHint: "Ruoli e account assegnati",
  listsAction: "Liste",
  listsHint: "Contatti importati",
  campaignsAction: "Campagne",
  campaignsHint: "Invii e follow-up automatici",
  calendarAction: "Calendario",
  calendarHint: "Eventi e promemoria",
  conversationsAction: "Conversazioni",
  conversationsHint: "Chat con i clienti",

  // Recent templates
  recentTemplates: "Template Recenti",
  noTemplates: "Nessun template creato",
  createTemplate: "Crea template",
  allTemplates: "Tutti i template",

  // 'Preview Test'
  previewTitle: "Preview Test",
  previewDescription: "Ultimi messaggi della conversazione più recente",
  previewSample: "Esempio",
  previewSampleHint: "Nessuna conversazione ancora: ecco come appare una chat con l'agente AI.",
  previewOnline: "online",
  previewStart: "Avvia Test Completo",
  previewBot: "Agente AI",
  previewCustomer: "Cliente",
  sampleMessages: [
    { isFromBot: true, content: "Ciao! Sono l'assistente virtuale. Come posso aiutarti oggi?" },
    { isFromBot: false, content: "Vorrei qualche informazione sui vostri servizi." },
    { isFromBot: true, content: "Certo! Dimmi pure cosa ti interessa e ti preparo una proposta su misura." },
  ],

  // /analytics: period
  periodLabel: "Periodo dei grafici",
  last7: "Ultimi 7 giorni",
  last30: "Ultimi 30 giorni",
  last90: "Ultimi 90 giorni",
  custom: "Personalizzato",
  apply: "Applica",
  rangeSummary: (from: string, to: string, days: number) => `Dal ${from} al ${to} · ${days === 1 ? "1 giorno" : `${days} giorni`}`,
  rangeMissing: "Seleziona la data di inizio e la data di fine",
  rangeFuture: "Le date non possono essere nel futuro",
  rangeTooLong: (max: number) => `L'intervallo può coprire al massimo ${max} giorni`,
  rangeInvalid: "Data non valida",
  // The API's answers to a period it does not accept.
  dayInvalid: "Data non valida (aaaa-mm-gg)",
  endBeforeStart: "La data di fine non può precedere quella di inizio",
  rangeMax: (max: number) => `Intervallo massimo ${max} giorni`,

  // /analytics: charts over time
  trendsTitle: "Andamento nel tempo",
  conversationsChart: "Conversazioni avviate e risposte al giorno",
  costChart: "Costo AI al giorno",
  campaignChart: "Invii e consegne delle campagne al giorno",
  seriesStarted: "Avviate",
  seriesReplied: "Risposte",
  seriesCost: "Costo AI",
  seriesSent: "Inviati",
  seriesDelivered: "Consegnati",
  campaignChartRead: "Letti",
  campaignChartFailed: "Falliti",
  campaignChartReplied: "Risposte",
  revenueChart: "Fatturato e conversioni al giorno",
  seriesRevenue: "Fatturato",
  seriesConverted: "Convertiti",
  chartSummary: (parts: string[]) => `Totale nel periodo: ${parts.join(", ")}.`,
  chartEmptyPeriod: "Nessuna attività nel periodo selezionato",
  timeseriesError: "Impossibile caricare i dati del periodo.",

  // /analytics: performance per template
  performanceTitle: "Performance per template",
  performanceTemplate: "Template",
  performanceCategory: "Categoria",
  performanceStarted: "Avviate",
  performanceConverted: "Convertite",
  performanceRate: "Conversione",

  performanceRevenue: "Fatturato",

  // Revenue (dashboard card) and campaign figures (/analytics)
  revenueTitle: "Fatturato",
  revenueDescription: "Valore delle vendite dei lead convertiti, per giorno di conversione (Europe/Rome)",
  revenueTotal: "Totale",
  revenueLast30: "Ultimi 30 giorni",
  revenueHint: "Indica il valore della vendita quando segni un lead come convertito (Lead Sources) o via Lead Manager API.",
  campaignsTitle: "Campagne nel periodo",
  campaignsDescription: "Gli stessi conteggi delle card delle campagne, per giorno di invio",
  campaignsEmpty: "Nessun invio di campagna nel periodo",
  campaignsError: "Impossibile caricare i dati delle campagne.",
  colCampaign: "Campagna",
  colSent: "Inviati",
  colDelivered: "Consegnati",
  colRead: "Letti",
  colFailed: "Falliti",
  colReplied: "Risposte",
  colStopped: "Fermati",
  colConverted: "Convertiti",
  colRate: "Conversione",
  colRevenue: "Fatturato",

  // /analytics: sentiment
  sentimentTitle: "Sentiment dei clienti",
  sentimentDescription: "Aspetti positivi e negativi raccolti dalle memorie di feedback, per categoria",
  sentimentPositive: "Positivi",
  sentimentNegative: "Negativi",
  sentimentNone: "Nessuno",
  sentimentEmpty: "Nessun feedback raccolto. L'AI lo registra dalle conversazioni dei template collegati a una memoria di tipo feedback.",
  sentimentError: "Impossibile caricare il sentiment.",
  sentimentCount: (n: number) => `${n}×`,
  sentimentMore: (n: number) => `+${n} altri`,
} as const;
