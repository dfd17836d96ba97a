// Airtable's words: its answers as the console tells them, and the table settings lists and lead sources ask for.
export const AIRTABLE_TEXTS = {
  auth: "Airtable ha rifiutato la API Key (401): verifica che il personal access token sia corretto e non scaduto.",
  forbidden:
    "La API Key di Airtable non ha accesso a questa base o tabella (403): concedi al token lo scope data.records:read e l'accesso alla base.",
  notFound: "Base o tabella Airtable non trovata (404): verifica Base ID e Table ID.",
  invalid: (detail: string) => `Airtable ha rifiutato la richiesta: ${detail}. Verifica la vista (View ID) e la tabella.`,
  rateLimited: "Airtable ha limitato le richieste (429): riprova tra 30 secondi.",
  rateLimitedFor: (seconds: number) => `Troppe richieste a questa base Airtable (massimo 5 al secondo): riprova tra ${seconds} secondi.`,
  restartedTooOften: "La lettura della tabella Airtable è scaduta più volte: riprova più tardi o usa una vista (View ID) più ristretta.",
  unavailable: (detail: string) => `Airtable non è raggiungibile: ${detail}`,
  tooManyRecords: (max: number) => `La tabella Airtable supera il limite di ${max} record: usa una vista (View ID) più ristretta.`,
  // The table's settings, as lists and lead sources ask for them.
  apiKeyLabel: "API Key (personal access token)",
  baseIdLabel: "Base ID",
  tableIdLabel: "Table ID",
  baseIdInvalid: "Il Base ID inizia con 'app'",
  tableIdInvalid: "Il Table ID inizia con 'tbl'",
  viewIdInvalid: "Il View ID inizia con 'viw'",
} as const;
