// Configurazione (profile, active account, security, Lead Manager tokens) and the Lead Manager API's answers.

// One answer for a weak token and for one already in use anywhere, so that it tells nobody whether
// another tenant holds a value. 32 is TOKEN_MIN_LENGTH (schemas/settings.ts).
const TOKEN_REJECTED = "Token non accettato: usa Genera per crearne uno nuovo (almeno 32 caratteri casuali).";

export const SETTINGS_TEXTS = {
  profileTitle: "Profilo utente",
  profileDescription: "I dati dell'account con cui hai effettuato l'accesso.",
  nameLabel: "Nome",
  twilioTitle: "Account Twilio",
  twilioDescription: "Numeri WhatsApp, credenziali Twilio e modello AI di ogni account.",
  twilioManage: "Gestisci Account Twilio",
  securityTitle: "Sicurezza",
  securityDescription: "Come accedi alla console.",
  signInMethod: "Email e password",
  logout: "Esci dall'Account",
  saveSettings: "Salva impostazioni",

  tokensTitle: "Token API Lead Manager",
  tokensDescription: "I sistemi esterni inviano i lead con POST /api/lead-manager/leads e l'intestazione Authorization: Bearer <token>.",
  tokensEmpty: "Nessun token creato.",
  tokensLoadError: "Impossibile caricare i token.",
  newToken: "Nuovo Token",
  editToken: "Modifica Token",
  tokenNameLabel: "Nome",
  tokenValueLabel: "Token",
  tokenValueHint: "Generato dalla console (256 bit casuali) e salvato solo come impronta SHA-256: copialo ora, non potrai più leggerlo.",
  tokenEditHint: "Salvando, questo nuovo token generato sostituisce quello attuale: copialo ora, non potrai più leggerlo.",
  generateToken: "Genera",
  copied: "Token copiato negli appunti",
  tokenInactive: "Disattivo",
  toggleToken: (name: string) => `Attiva o disattiva il token ${name}`,
  permissions: "Permessi",
  notAvailable: "N/A",
  lastUsed: "Ultimo utilizzo",
  neverUsed: "Mai utilizzato",
  account: "Account",
  createdAt: "Creato il",

  // Toasts (spec part 2 §8)
  tokenSaved: "Token salvato",
  tokenSaveError: "Impossibile salvare il token. Riprova più tardi.",
  settingsSaved: "Impostazioni salvate",
  settingsSaveError: "Impossibile salvare le impostazioni. Riprova più tardi.",
  unauthorizedDescription: "Effettua il login per continuare...",

  // Validation and server errors
  activeAccountInvalid: "activeTwilioAccountId deve essere un id",
  tokenRequired: "Nome e token sono obbligatori.",
  tokenTooShort: TOKEN_REJECTED,
  tokenInUse: TOKEN_REJECTED,
  tokenNotFound: "Token non trovato",
  tokenUpdateShape: "Invia nome e token, oppure solo isActive.",

  // The Lead Manager API
  bearerMissing: "Token mancante: usa l'intestazione Authorization: Bearer <token>",
  bearerInvalid: "Token non valido o disattivato",
  bearerNoPermission: "Il token non ha il permesso di creare lead",
  bearerNoAccount: "Il token non è collegato a un account Twilio accessibile",
  bearerTooMany: (seconds: number) => `Troppi token non validi da questo indirizzo: riprova tra ${seconds} secondi`,
  rateLimited: (seconds: number) => `Troppe richieste con questo token: riprova tra ${seconds} secondi`,
} as const;
