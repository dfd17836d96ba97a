import { type AgentToolKey, type AgentToolName, TOOLS_OF_KEY } from "@shared/schemas/agent";
import type { ToolDefinition } from "@worker/providers/openai-tools";

const str = (description: string) => ({ type: "string", description });

// What the model reads about each tool (JSON Schema). Our zod schemas in src/shared check what it sends.
export const TOOL_DEFINITIONS: Record<AgentToolName, ToolDefinition> = {
  disponibilita: {
    name: "disponibilita",
    description: "Restituisce gli slot liberi del calendario dell'azienda in un giorno (ora italiana). Usalo prima di proporre orari al cliente.",
    parameters: { type: "object", properties: { giorno: str("Giorno nel formato AAAA-MM-GG") }, required: ["giorno"], additionalProperties: false },
  },
  prenota: {
    name: "prenota",
    description: "Prenota per il cliente uno slot libero restituito da disponibilita, solo dopo che il cliente l'ha scelto.",
    parameters: {
      type: "object",
      properties: {
        slot: str("Inizio dello slot, AAAA-MM-GGTHH:mm in ora italiana"),
        titolo: str("Titolo breve dell'appuntamento, es. 'Consulenza preventivo'"),
        note: str("Note utili per chi riceve il cliente (facoltative)"),
      },
      required: ["slot", "titolo"],
      additionalProperties: false,
    },
  },
  sposta: {
    name: "sposta",
    description: "Sposta l'appuntamento già prenotato del cliente a un altro slot libero.",
    parameters: { type: "object", properties: { slot: str("Nuovo inizio, AAAA-MM-GGTHH:mm in ora italiana") }, required: ["slot"], additionalProperties: false },
  },
  annulla: {
    name: "annulla",
    description: "Annulla l'appuntamento già prenotato del cliente, quando il cliente lo chiede.",
    parameters: { type: "object", properties: { motivo: str("Motivo indicato dal cliente (facoltativo)") }, additionalProperties: false },
  },
  aggiorna_contatto: {
    name: "aggiorna_contatto",
    description: "Salva nel lead i dati che il cliente ha dato esplicitamente. Passa solo i campi che il cliente ha detto.",
    parameters: {
      type: "object",
      properties: {
        nome: str("Nome"),
        cognome: str("Cognome"),
        email: str("Indirizzo e-mail"),
        azienda: str("Azienda"),
        esigenza: str("Cosa cerca o di cosa ha bisogno"),
        budget: str("Budget indicato, es. '5000 euro'"),
      },
      additionalProperties: false,
    },
  },
  qualifica_lead: {
    name: "qualifica_lead",
    description: "Segna il cliente come lead qualificato quando mostra un interesse concreto ad acquistare.",
    parameters: { type: "object", properties: { motivo: str("Perché è qualificato, in una frase") }, required: ["motivo"], additionalProperties: false },
  },
  passa_a_operatore: {
    name: "passa_a_operatore",
    description: "Passa la conversazione a una persona quando il cliente lo chiede o quando non puoi aiutarlo. Scrivi un riepilogo per l'operatore.",
    parameters: {
      type: "object",
      properties: {
        richiesta: str("Cosa vuole il cliente"),
        promesso: str("Cosa gli è stato promesso finora"),
        mancante: str("Cosa manca per chiudere"),
      },
      required: ["richiesta"],
      additionalProperties: false,
    },
  },
  // The library's titles and descriptions are added per account when the tools are offered (documentTool).
  invia_documento: {
    name: "invia_documento",
    description: "Invia al cliente su WhatsApp un file della libreria documenti dell'azienda (brochure, listino, catalogo, immagine) quando lo chiede o gli è utile.",
    parameters: { type: "object", properties: { documento: str("Titolo esatto del documento della libreria") }, required: ["documento"], additionalProperties: false },
  },
};

// invia_documento as this account's model reads it: the titles to choose from, each with its description.
export function documentTool(library: { title: string; description: string }[]): ToolDefinition {
  const base = TOOL_DEFINITIONS.invia_documento;
  const list = library.map((d) => `«${d.title}»${d.description ? `: ${d.description}` : ""}`).join("; ");
  return {
    ...base,
    description: `${base.description} Documenti disponibili: ${list}.`,
    parameters: { ...base.parameters, properties: { documento: { type: "string", description: "Titolo esatto del documento della libreria", enum: library.map((d) => d.title) } } },
  };
}

export function toolNamesOf(keys: readonly string[]): AgentToolName[] {
  return (Object.keys(TOOLS_OF_KEY) as AgentToolKey[]).filter((k) => keys.includes(k)).flatMap((k) => TOOLS_OF_KEY[k]);
}

export const TOOL_INSTRUCTIONS = (today: string, todayIso: string) =>
  [
    `Strumenti: puoi agire con gli strumenti che hai. Oggi è ${today} (${todayIso}); date e orari degli strumenti sono in ora italiana, formato AAAA-MM-GG e AAAA-MM-GGTHH:mm.`,
    "Prima di proporre orari chiama disponibilita e proponi solo slot che ti ha restituito; prenota solo lo slot che il cliente ha scelto. Se il cliente cambia idea usa sposta o annulla.",
    "Se uno strumento risponde con esito \"rifiutato\", spiega il motivo al cliente con parole semplici e chiedi di nuovo; non inventare conferme.",
    "Non prenotare nulla se il cliente chiede solo informazioni o prezzi.",
  ].join(" ");
