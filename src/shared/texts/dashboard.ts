// The dashboard and the Personal Assistant hub.
export const DASHBOARD_TEXTS = {
  paHubTitle: "Personal Assistant Hub",
  paTransforming: "Attivazione Personal Assistant...",
  dashboardAdmin: "Admin Dashboard",
  dashboardClient: "Dashboard Cliente",
  dashboardIntro: "Configura il tuo agente AI e tieni d'occhio le conversazioni su WhatsApp.",
  paIconLabel: (n: number) => `Icona ${n}`,
  paIconNames: ["Agente AI", "WhatsApp", "Memorie", "Automazioni"],
  paHubIntro: "Il tuo assistente personale: sessioni, conoscenza e automazioni in un unico posto.",
  gettingStartedTitle: "Per iniziare",
  gettingStartedAccountTitle: "Collega un account Twilio",
  gettingStartedAccountMissing:
    "Nessun account Twilio configurato. Aggiungi un account reale oppure un account sandbox per provare senza inviare messaggi.",
  gettingStartedAccountReady: "Account Twilio configurato",
  sectionsTitle: "Sezioni principali",
} as const;
