// WhatsApp rules shared by worker and web.
export const OPT_OUT_KEYWORDS = ["STOP", "ANNULLA", "DISISCRIVIMI", "CANCELLAMI"] as const;
export const OPT_IN_KEYWORDS = ["START", "ISCRIVIMI"] as const;
export const CUSTOMER_WINDOW_MS = 24 * 60 * 60 * 1000;
export const CONTEXT_MESSAGES = 10;

export function matchKeyword<T extends string>(body: string, keywords: readonly T[]): T | null {
  const word = body.trim().toUpperCase().replace(/[.!]+$/, "");
  return (keywords as readonly string[]).includes(word) ? (word as T) : null;
}

// Twilio error codes a user can act on, in Italian.
export const TWILIO_ERROR_TEXTS: Record<string, string> = {
  "21211": "Numero di telefono non valido",
  "21408": "Invio verso questo paese non abilitato sull'account Twilio",
  "21610": "Il destinatario ha bloccato i messaggi (STOP)",
  "21656": "Variabili del template non valide",
  "63014": "Il destinatario ha bloccato il numero o ha rifiutato i messaggi",
  "63016": "Fuori dalla finestra di 24 ore: usa un template approvato",
  "63018": "Limite di invio raggiunto: nuovo tentativo a breve",
  "429": "Troppe richieste a Twilio: nuovo tentativo a breve",
  // What Twilio's API puts in the body of its HTTP 429.
  "20429": "Troppe richieste a Twilio: nuovo tentativo a breve",
};

export function twilioErrorText(code: string | number | null | undefined): string {
  if (code === null || code === undefined) return "Invio non riuscito";
  return TWILIO_ERROR_TEXTS[String(code)] ?? `Invio non riuscito (errore Twilio ${code})`;
}
