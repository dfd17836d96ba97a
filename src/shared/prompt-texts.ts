// The prompt texts, limits and defaults, shared by the Worker and the console. No zod here: the
// dashboard's prompt cards use them, and importing schemas/prompts.ts would bring zod into its first
// load. schemas/prompts.ts re-exports everything.

export const PROMPT_LIMITS = {
  nameMax: 200,
  contentMax: 20_000,
  testMessageMax: 2_000,
  temperatureMin: 0,
  temperatureMax: 10,
  maxTokensMin: 50,
  maxTokensMax: 2000,
  linkedTemplatesMax: 200,
} as const;

// The prompt form's defaults (spec part 1 §9): the API uses them for a new prompt.
export const PROMPT_DEFAULTS = { model: "gpt-4", temperature: 7, maxTokens: 500, isActive: true } as const;
export const PROMPT_MODEL_FILTERS = ["gpt-5", "gpt-4", "gpt-3.5-turbo"] as const;
export const DUPLICATE_SUFFIX = "_copy";
export const PROMPT_CARD_PREVIEW = 80;
export const PROMPT_DASHBOARD_PREVIEW = 100;

export const PROMPT_TEXTS = {
  title: "Gestione Prompt AI",
  newPrompt: "Nuovo Prompt",
  editPrompt: "Modifica Prompt",
  empty: "Nessun prompt trovato",
  loading: "Caricamento prompt...",
  active: "Attivo",
  inactive: "Inattivo",
  testButton: "Testa Prompt",
  testErrorTitle: "Errore nel test",
  testError: "Impossibile testare il prompt. Verifica la configurazione OpenAI.",
  testSuccess: "Test completato",
  testFailed: "Test fallito",
  invalidTestAnswer: "Risposta non valida dal server",
  duplicateError: "Impossibile duplicare il prompt",
  deleteError: "Impossibile eliminare il prompt",
  saveError: "Impossibile salvare il prompt",
  created: "Prompt creato con successo",
  updated: "Prompt aggiornato con successo",
  duplicated: "Prompt duplicato con successo",
  deleted: "Prompt eliminato con successo",
  notFound: "Prompt non trovato",
  noActiveAccount: "Nessun account Twilio attivo: configuralo in Account Twilio",
  nameRequired: "Il nome del prompt è obbligatorio",
  nameTooLong: `Il nome del prompt può avere al massimo ${PROMPT_LIMITS.nameMax} caratteri`,
  contentRequired: "Il contenuto del prompt è obbligatorio",
  contentTooLong: `Il contenuto del prompt può avere al massimo ${PROMPT_LIMITS.contentMax} caratteri`,
  modelInvalid: "Nome del modello non valido: scegline uno suggerito o scrivi il nome usato dal tuo server (es. llama3.1:8b)",
  temperatureInvalid: "La temperatura deve essere un numero intero tra 0 e 10",
  maxTokensInvalid: "I token massimi devono essere un numero intero tra 50 e 2000",
  linkedTemplatesInvalid: "I template collegati devono essere un elenco di SID",
  isActiveInvalid: "Lo stato attivo deve essere true o false",
  testMessageRequired: "Inserisci un messaggio di test",
  testMessageTooLong: `Il messaggio di test può avere al massimo ${PROMPT_LIMITS.testMessageMax} caratteri`,
  budgetReached: "Limite di spesa AI mensile raggiunto",
} as const;

// The message a prompt test uses when none is given (spec part 1 §9): it follows the prompt's subject.
export const GENERATED_TEST_MESSAGES = {
  loans: "Ciao, vorrei informazioni su un prestito personale di 10.000 euro: che tassi e che rate proponete?",
  office: "Buongiorno, mi servono carta, toner e cancelleria per l'ufficio: avete offerte per le aziende?",
  generic: "Ciao! Vorrei avere qualche informazione sui vostri servizi.",
} as const;

export function generatedTestMessage(promptContent: string): string {
  const text = promptContent.toLowerCase();
  if (text.includes("prestiti")) return GENERATED_TEST_MESSAGES.loans;
  if (text.includes("ufficio")) return GENERATED_TEST_MESSAGES.office;
  return GENERATED_TEST_MESSAGES.generic;
}

// The name of a copy: "<name>_copy", shortened so it stays within the limit.
export function duplicateName(name: string, max: number = PROMPT_LIMITS.nameMax): string {
  return `${name.slice(0, max - DUPLICATE_SUFFIX.length)}${DUPLICATE_SUFFIX}`;
}
