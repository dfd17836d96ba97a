// Sidebar entries in the default and in the Personal Assistant mode (spec part 1 §2 "Shell").
export interface NavItem {
  label: string;
  to: string;
  adminOnly: boolean;
  icon: string;
}

// Each section's icon and whether only admins see it in the sidebars.
const SECTIONS = {
  "/": { icon: "layout-dashboard", adminOnly: false },
  "/templates": { icon: "file-text", adminOnly: false },
  "/prompts": { icon: "bot", adminOnly: false },
  "/memories": { icon: "brain", adminOnly: false },
  "/lists": { icon: "list", adminOnly: false },
  "/leads": { icon: "user-plus", adminOnly: false },
  "/campaigns": { icon: "megaphone", adminOnly: false },
  "/conversations": { icon: "message-square", adminOnly: false },
  "/calendar": { icon: "calendar", adminOnly: false },
  "/actions": { icon: "zap", adminOnly: false },
  "/analytics": { icon: "bar-chart", adminOnly: true },
  "/usage": { icon: "coins", adminOnly: true },
  "/twilio-accounts": { icon: "phone", adminOnly: true },
  "/settings": { icon: "settings", adminOnly: true },
  "/template-test": { icon: "flask", adminOnly: true },
  "/admin": { icon: "users", adminOnly: true },
} as const satisfies Record<string, Omit<NavItem, "label" | "to">>;

// A menu from its sections in order, each with the label it has there.
const menu = (entries: [to: keyof typeof SECTIONS, label: string][]): NavItem[] => entries.map(([to, label]) => ({ label, to, ...SECTIONS[to] }));

export const NAV_DEFAULT: readonly NavItem[] = menu([
  ["/", "Dashboard"],
  ["/templates", "Template WhatsApp"],
  ["/prompts", "Prompt AI"],
  ["/memories", "Memories"],
  ["/lists", "Liste"],
  ["/leads", "Lead Sources"],
  ["/campaigns", "Campagne"],
  ["/conversations", "Conversazioni"],
  ["/calendar", "Calendario"],
  ["/actions", "Azioni"],
  ["/analytics", "Analytics"],
  ["/usage", "Consumi"],
  ["/twilio-accounts", "Account Twilio"],
  ["/settings", "Configurazione"],
  ["/template-test", "Template Test"],
  ["/admin", "Admin Users"],
]);

export const NAV_PERSONAL_ASSISTANT: readonly NavItem[] = menu([
  ["/", "Command Center"],
  ["/prompts", "Neural Networks"],
  ["/memories", "Knowledge Base"],
  ["/conversations", "Active Sessions"],
  ["/calendar", "Schedule"],
  ["/actions", "Actions"],
  ["/analytics", "Intelligence"],
  ["/usage", "AI Costs"],
  ["/twilio-accounts", "Communication"],
  ["/settings", "Preferences"],
  ["/template-test", "AI Labs"],
  ["/admin", "Admin Panel"],
]);

export const NAV_MOBILE_MENU: readonly NavItem[] = [
  // The spec's list, open to every role.
  ...menu([
    ["/", "Dashboard"],
    ["/conversations", "Conversazioni"],
    ["/calendar", "Calendario"],
    ["/prompts", "Prompts AI"],
    ["/memories", "Memories"],
    ["/leads", "Lead Sources"],
    ["/actions", "Azioni"],
    ["/twilio-accounts", "Account Twilio"],
    ["/template-test", "Template Test"],
  ]).map((item) => ({ ...item, adminOnly: false })),
  // Beyond the spec's list: every other section of the desktop sidebar, for the roles it serves.
  ...menu([
    ["/templates", "Template WhatsApp"],
    ["/lists", "Liste"],
    ["/campaigns", "Campagne"],
    ["/analytics", "Analytics"],
    ["/usage", "Consumi"],
    ["/settings", "Configurazione"],
    ["/admin", "Admin Users"],
  ]),
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
