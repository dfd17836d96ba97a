// The operator-question texts and constants, shared by the Worker and the console. No zod here: the
// console's top bar shows these texts on every page. schemas/operator-questions.ts re-exports everything.

export const OPERATOR_QUESTION_TEXTS = {
  holdingReply: "Ottima domanda: verifico con un collega e ti rispondo a breve.",
  notifyOperator: (customer: string, question: string) => `AgentBot Pro: ${customer} ha chiesto «${question.slice(0, 300)}». Rispondi dalla console.`,
  answerRequired: "Scrivi la risposta per il cliente",
  notFound: "Domanda non trovata",
  alreadyExpired: "La domanda è scaduta: rispondi direttamente dalla chat",
  memoryNotText: "Le risposte si possono salvare solo in una memoria di testo",
  defaultMemoryName: "Risposte degli operatori",
  activateAccountToSave: "Attiva l'account della conversazione per salvare la risposta",
  title: "Domande per l'operatore",
  empty: "Nessuna domanda in attesa",
  answered: "Risposta inviata al cliente",
  savedToMemory: "Risposta salvata nella memoria",
  expired: "Scaduta: la conversazione è passata in modalità operatore",
} as const;

// How long the agent waits for a person before handing the conversation over.
export const OPERATOR_QUESTION_TTL_MS = 60 * 60 * 1000;
// The model answers exactly this when its knowledge does not cover the question.
export const ASK_OPERATOR_MARKER = "[[OPERATORE]]";
