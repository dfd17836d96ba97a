// The operator questions' words, shared by the Worker and the console: the top bar shows them on every page.

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
