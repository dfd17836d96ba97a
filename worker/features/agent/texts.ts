import { CONTEXT_MESSAGES } from "@shared/messaging";
import { ASK_OPERATOR_MARKER } from "@shared/schemas/operator-questions";

// Every word of the agent's own: the system prompts it is given, the facts it is told, and what the
// offline responder (no OPENAI_API_KEY) writes to the customer. The console's words about the agent live
// in @shared/schemas/agent (AGENT_TEXTS); the tool instructions in ./tools/definitions.ts.

// The sales assistant a new sandbox is seeded with, and the one the GPT model test talks to.
export const SALES_ASSISTANT_PROMPT =
  "Sei l'assistente vendite di un'azienda italiana su WhatsApp. Rispondi in italiano, in modo cordiale e breve, e proponi sempre un passo successivo concreto.";

// The system message of a reply: the prompt, then the facts and rules the agent must keep to.
export interface ReplySystemParts {
  prompt: string;
  timeFact: string;
  weatherFact: string | null;
  customerName: string | null;
  summary: string | null;
  passages: { name: string; text: string }[];
  preferences: { positive: string[]; negative: string[] } | null;
}

export function replySystemPrompt(p: ReplySystemParts): string {
  return [
    p.prompt,
    `${p.timeFact} Per ora e data usa solo questo dato, mai una stima.`,
    p.weatherFact ?? "",
    p.customerName ? `Nome del cliente: ${p.customerName}.` : "",
    p.summary ? `Riassunto della conversazione precedente (messaggi più vecchi degli ultimi ${CONTEXT_MESSAGES}):\n${p.summary}` : "",
    p.passages.length ? `Informazioni aziendali (usa solo queste, non inventare):\n${p.passages.map((x) => `- [${x.name}] ${x.text}`).join("\n")}` : "",
    `Se le informazioni disponibili non bastano per rispondere con certezza a una domanda concreta del cliente (prezzi, disponibilità, condizioni, tempi), non inventare: rispondi soltanto ${ASK_OPERATOR_MARKER}.`,
    p.preferences
      ? `Preferenze note del cliente. Apprezza: ${p.preferences.positive.join(", ") || "—"}. Non apprezza: ${p.preferences.negative.join(", ") || "—"}.`
      : "",
  ]
    .filter(Boolean)
    .join("\n\n");
}

// The chat's line when the AI reply job used up its retries.
export const REPLY_GAVE_UP = "L'AI non è riuscita a rispondere dopo diversi tentativi: rispondi tu dalla chat.";

// The facts the agent is given instead of guessing.
export const timeFactText = (time: string, date: string) => `Adesso in Italia (Europe/Rome) sono le ${time} di ${date}.`;
export const WEATHER_UNAVAILABLE = "Il meteo non è disponibile in questo momento: dillo al cliente e non fare previsioni.";
export const weatherLine = (r: { city: string; temperature: number; description: string; wind: number; time: string }) =>
  `${r.city}: ${r.temperature}°C, ${r.description}, vento ${r.wind} km/h (aggiornato alle ${r.time})`;
export const weatherFactText = (lines: string[]) => `Meteo attuale (fonte Open-Meteo): ${lines.join("; ")}. Usa solo questi dati, non inventare previsioni.`;

// The rolling summary of a long conversation.
export const SUMMARY_SPEAKERS = { customer: "Cliente", operator: "Operatore", other: "Assistente" } as const;
export const SUMMARY_INSTRUCTIONS =
  "Aggiorna il riassunto di una conversazione WhatsApp di vendita. Conserva fatti, richieste, preferenze, prezzi e impegni presi. Rispondi solo con il riassunto in italiano, al massimo 10 righe.";
export const summaryRequest = (previous: string | null, transcript: string) => `Riassunto finora:\n${previous ?? "(nessuno)"}\n\nNuovi messaggi:\n${transcript}`;

// The sentiment of one customer message, for the feedback memory.
export const FEEDBACK_INSTRUCTIONS = `Analizza il sentimento del messaggio di un cliente verso l'azienda.
Rispondi solo con un oggetto JSON: {"sentiment": "positive" | "negative" | "neutral", "category": "product" | "service" | "price" | "experience" | "other", "confidence": numero da 0.1 a 1.0, "item": breve frase in italiano su cosa apprezza o non apprezza}.`;

// The offline responder says it is one, then quotes the customer (and the best matching knowledge), or
// says what it does instead when it cannot see the customer's media.
// The offline responder's tool turns (./tools/offline.ts) start with this.
export const OFFLINE_PREFIX = "Risposta offline di AgentBot Pro:";
export const OFFLINE_NOTICE = "Risposta offline di AgentBot Pro (nessuna chiave OpenAI configurata).";
export function offlineAnswer(lastUser: string, bestPassage?: string, offlineText?: string | null): string {
  if (offlineText) return `${OFFLINE_NOTICE} ${offlineText}`;
  const quote = bestPassage ? ` Dalle informazioni disponibili: «${bestPassage.slice(0, 400)}»` : "";
  return `${OFFLINE_NOTICE} Ho ricevuto: «${lastUser.slice(0, 200)}».${quote}`;
}
