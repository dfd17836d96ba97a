// WhatsApp rules shared by worker and web.
export const OPT_OUT_KEYWORDS = ["STOP", "ANNULLA", "DISISCRIVIMI", "CANCELLAMI"] as const;
export const OPT_IN_KEYWORDS = ["START", "ISCRIVIMI"] as const;
export const CUSTOMER_WINDOW_MS = 24 * 60 * 60 * 1000;
export const CONTEXT_MESSAGES = 10;
// Twilio refuses a free-form body longer than this (error 21617).
export const MAX_MESSAGE_CHARS = 1600;

export const MESSAGE_LIMIT_TEXTS = {
  tooLong: (count: number) => `Il messaggio è troppo lungo: ${count} caratteri su ${MAX_MESSAGE_CHARS} consentiti`,
  counter: (count: number) => `${count}/${MAX_MESSAGE_CHARS}`,
} as const;

// An AI reply over the limit is sent as several messages, cut where a sentence ends (else at a line
// break, else at a space, else hard), so that no part is over the limit and none is blank.
export function splitMessage(text: string, max = MAX_MESSAGE_CHARS): string[] {
  const parts: string[] = [];
  let rest = text.trim();
  while (rest.length > max) {
    // One character more than fits, so a sentence ending exactly at the limit is seen to end there.
    const window = rest.slice(0, max + 1);
    const cut = lastCut(window, /[.!?…]+["»”')\]]*(?=\s)/g, max) ?? lastCut(window, /\n/g, max) ?? lastCut(window, /\s/g, max) ?? max;
    parts.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) parts.push(rest);
  return parts;
}

// Where the last match ends within the limit, unless that would leave a part shorter than a quarter of it.
function lastCut(window: string, pattern: RegExp, max: number): number | null {
  let cut: number | null = null;
  for (const m of window.matchAll(pattern)) {
    const end = m.index + m[0].length;
    if (end <= max) cut = end;
  }
  return cut !== null && cut >= max / 4 ? cut : null;
}


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
