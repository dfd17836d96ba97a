import type { ContactField, EventField } from "../template-variables";

// The words of a template's variables: the binding fields, the live preview, and the API's sentences.
export const TEMPLATE_VARIABLE_TEXTS = {
  fieldLabels: { nome: "Nome", cognome: "Cognome", email: "Email", professione: "Professione", company: "Azienda" } satisfies Record<ContactField, string>,
  eventLabels: { title: "Titolo dell'evento", time: "Data e ora dell'evento" } satisfies Record<EventField, string>,
  sourceLabels: { field: "Campo del contatto", custom: "Campo personalizzato della fonte", event: "Dato dell'evento", text: "Testo fisso" },
  heading: "Variabili del template",
  preview: "Anteprima",
  previewFor: (who: string) => `Anteprima per ${who}`,
  customKeyPlaceholder: "Nome della colonna",
  textPlaceholder: "Testo da inserire",
  bindingInvalid: "Scegli da dove prende il valore ogni variabile del template",
  textBlank: "Il testo fisso non può essere vuoto",
  placeholderValue: "Un valore non può contenere {{ }}",
  missing: (positions: string[]) => `Scegli un valore per le variabili del template: ${positions.map((p) => `{{${p}}}`).join(", ")}`,
  noValue: (positions: string[]) => `Nessun valore per ${positions.map((p) => `{{${p}}}`).join(", ")} con i dati di questo contatto`,
  recipientsMissing: (count: number, positions: string[]) =>
    `${count === 1 ? "1 destinatario non ha" : `${count} destinatari non hanno`} un valore per ${positions.map((p) => `{{${p}}}`).join(", ")}: completa i dati o scegli un testo fisso`,
} as const;
