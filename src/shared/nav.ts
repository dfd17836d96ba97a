// Sidebar entries in the default and in the Personal Assistant mode (spec part 1 §2 "Shell").
export interface NavItem {
  label: string;
  to: string;
  adminOnly: boolean;
  icon: string;
}

export const NAV_DEFAULT: readonly NavItem[] = [
  { label: "Dashboard", to: "/", adminOnly: false, icon: "layout-dashboard" },
  { label: "Template WhatsApp", to: "/templates", adminOnly: false, icon: "file-text" },
  { label: "Prompt AI", to: "/prompts", adminOnly: false, icon: "bot" },
  { label: "Memories", to: "/memories", adminOnly: false, icon: "brain" },
  { label: "Liste", to: "/lists", adminOnly: false, icon: "list" },
  { label: "Lead Sources", to: "/leads", adminOnly: false, icon: "user-plus" },
  { label: "Campagne", to: "/campaigns", adminOnly: false, icon: "megaphone" },
  { label: "Conversazioni", to: "/conversations", adminOnly: false, icon: "message-square" },
  { label: "Calendario", to: "/calendar", adminOnly: false, icon: "calendar" },
  { label: "Azioni", to: "/actions", adminOnly: false, icon: "zap" },
  { label: "Analytics", to: "/analytics", adminOnly: true, icon: "bar-chart" },
  { label: "Consumi", to: "/usage", adminOnly: true, icon: "coins" },
  { label: "Account Twilio", to: "/twilio-accounts", adminOnly: true, icon: "phone" },
  { label: "Configurazione", to: "/settings", adminOnly: true, icon: "settings" },
  { label: "Template Test", to: "/template-test", adminOnly: true, icon: "flask" },
  { label: "Admin Users", to: "/admin", adminOnly: true, icon: "users" },
];

export const NAV_PERSONAL_ASSISTANT: readonly NavItem[] = [
  { label: "Command Center", to: "/", adminOnly: false, icon: "layout-dashboard" },
  { label: "Neural Networks", to: "/prompts", adminOnly: false, icon: "bot" },
  { label: "Knowledge Base", to: "/memories", adminOnly: false, icon: "brain" },
  { label: "Active Sessions", to: "/conversations", adminOnly: false, icon: "message-square" },
  { label: "Schedule", to: "/calendar", adminOnly: false, icon: "calendar" },
  { label: "Actions", to: "/actions", adminOnly: false, icon: "zap" },
  { label: "Intelligence", to: "/analytics", adminOnly: true, icon: "bar-chart" },
  { label: "AI Costs", to: "/usage", adminOnly: true, icon: "coins" },
  { label: "Communication", to: "/twilio-accounts", adminOnly: true, icon: "phone" },
  { label: "Preferences", to: "/settings", adminOnly: true, icon: "settings" },
  { label: "AI Labs", to: "/template-test", adminOnly: true, icon: "flask" },
  { label: "Admin Panel", to: "/admin", adminOnly: true, icon: "users" },
];

export const NAV_MOBILE_MENU: readonly NavItem[] = [
  { label: "Dashboard", to: "/", adminOnly: false, icon: "layout-dashboard" },
  { label: "Conversazioni", to: "/conversations", adminOnly: false, icon: "message-square" },
  { label: "Calendario", to: "/calendar", adminOnly: false, icon: "calendar" },
  { label: "Prompts AI", to: "/prompts", adminOnly: false, icon: "bot" },
  { label: "Memories", to: "/memories", adminOnly: false, icon: "brain" },
  { label: "Lead Sources", to: "/leads", adminOnly: false, icon: "user-plus" },
  { label: "Azioni", to: "/actions", adminOnly: false, icon: "zap" },
  { label: "Account Twilio", to: "/twilio-accounts", adminOnly: false, icon: "phone" },
  { label: "Template Test", to: "/template-test", adminOnly: false, icon: "flask" },
  // Beyond the spec's list: every other section of the desktop sidebar, for the roles it serves.
  { label: "Template WhatsApp", to: "/templates", adminOnly: false, icon: "file-text" },
  { label: "Liste", to: "/lists", adminOnly: false, icon: "list" },
  { label: "Campagne", to: "/campaigns", adminOnly: false, icon: "megaphone" },
  { label: "Analytics", to: "/analytics", adminOnly: true, icon: "bar-chart" },
  { label: "Consumi", to: "/usage", adminOnly: true, icon: "coins" },
  { label: "Configurazione", to: "/settings", adminOnly: true, icon: "settings" },
  { label: "Admin Users", to: "/admin", adminOnly: true, icon: "users" },
];

// Page titles and subtitles for the top bar.
export const PAGE_TITLES: Record<string, { title: string; subtitle: string }> = {
  "/": { title: "Dashboard", subtitle: "Panoramica del tuo agente AI" },
  "/analytics": { title: "Analytics", subtitle: "Panoramica del tuo agente AI" },
  "/templates": { title: "Template WhatsApp", subtitle: "Crea e gestisci i template approvati" },
  "/prompts": { title: "Gestione Prompt AI", subtitle: "Istruzioni e modelli del tuo agente" },
  "/memories": { title: "Memories - Cervello AI", subtitle: "Gestione Memories" },
  "/lists": { title: "Liste", subtitle: "Contatti importati" },
  "/campaigns": { title: "Campagne WhatsApp", subtitle: "Campagne e funnel di follow-up" },
  "/conversations": { title: "Chat WhatsApp", subtitle: "Conversazioni con i clienti" },
  "/chat": { title: "Chat", subtitle: "Conversazione" },
  "/calendar": { title: "Calendario Interno", subtitle: "Eventi e promemoria WhatsApp" },
  "/actions": { title: "Azioni", subtitle: "Automazioni intelligenti" },
  "/usage": { title: "Consumi OpenAI", subtitle: "Token, costi e utilizzo AI" },
  "/twilio-accounts": { title: "Account Twilio", subtitle: "Gestisci gli account Twilio e i numeri WhatsApp" },
  "/settings": { title: "Configurazione", subtitle: "Profilo, token API e sicurezza" },
  "/template-test": { title: "Template Test", subtitle: "Invia un messaggio di prova" },
  "/admin": { title: "Amministrazione Utenti", subtitle: "Utenti, ruoli e account" },
  "/leads": { title: "Lead Sources", subtitle: "Fonti dei lead" },
};
