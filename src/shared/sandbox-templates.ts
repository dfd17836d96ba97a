// The approved sample templates every sandbox account offers (no Twilio account needed).
export interface ProviderTemplate {
  sid: string;
  friendlyName: string;
  status: string;
  language: string;
  bodyText: string;
  variables: string[];
  category: string | null;
  // Kinds other than text (issue 21): the Content API type without "twilio/", its media, footer and buttons.
  kind?: string;
  media?: string[];
  footer?: string | null;
  buttons?: { type: string; title: string; id?: string | null; url?: string | null; phone?: string | null }[];
}

export const SANDBOX_TEMPLATES: readonly ProviderTemplate[] = [
  {
    sid: "HXsandbox0000000000000000000000loans",
    friendlyName: "prestiti_benvenuto",
    status: "approved",
    language: "it",
    bodyText:
      "Ciao {{1}}, sono l'assistente di {{2}}. Ti ho scritto per il prestito personale che hai richiesto: vuoi una simulazione della rata senza impegno?",
    variables: ["1", "2"],
    category: "loans",
  },
  {
    sid: "HXsandbox000000000000000stationery",
    friendlyName: "cartoleria_offerta",
    status: "approved",
    language: "it",
    bodyText:
      "Buongiorno {{1}}! Questa settimana {{2}} ha il 20% di sconto su carta, toner e cancelleria per ufficio. Vuoi ricevere il catalogo?",
    variables: ["1", "2"],
    category: "stationery",
  },
  {
    sid: "HXsandbox000000000000000000agency",
    friendlyName: "agenzia_consulenza",
    status: "approved",
    language: "it",
    bodyText:
      "Ciao {{1}}, grazie per aver contattato {{2}}. Possiamo fissare una breve consulenza gratuita per capire i tuoi obiettivi?",
    variables: ["1", "2"],
    category: "agency",
  },
];

export function renderTemplate(bodyText: string, variables: Record<string, string>): string {
  return bodyText.replace(/\{\{(\d+)\}\}/g, (_, n: string) => variables[n] ?? `{{${n}}}`);
}
