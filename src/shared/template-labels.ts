// The template labels, shared by the Worker and the console. No zod here: the dashboard shows the status
// labels, and importing schemas/templates.ts would bring zod into its first load. schemas/templates.ts
// re-exports them.

export const TEMPLATE_STATUS_LABELS: Record<string, string> = {
  draft: "Bozza",
  pending: "In attesa",
  approved: "Approvato",
  rejected: "Rifiutato",
};

export const TEMPLATE_CHANNEL_LABELS: Record<string, string> = { whatsapp: "WhatsApp", sms: "SMS" };
export const TEMPLATE_LANGUAGE_LABELS: Record<string, string> = { it: "Italiano", en: "English", es: "Español", fr: "Français" };
export const TEMPLATE_CONTENT_TYPE_LABELS: Record<string, string> = {
  text: "Testo",
  media: "Media (immagine o documento)",
  "quick-reply": "Risposte rapide (pulsanti)",
  "call-to-action": "Call to action (link e chiamata)",
  card: "Card (immagine, testo, piè di pagina e pulsanti)",
};

// The badge each template list shows for a kind other than plain text.
export const TEMPLATE_KIND_BADGES: Record<string, string> = { media: "Media", "quick-reply": "Pulsanti", "call-to-action": "Call to action", card: "Card" };
