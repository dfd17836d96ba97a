import { z } from "zod";
import { ACCOUNT_TEXTS } from "../account-texts";

// The console generates every token (256 random bits, 47 characters); the API refuses anything a person
// could have typed or guessed.
export const TOKEN_MIN_LENGTH = 32;
const TOKEN_MIN_DISTINCT_CHARS = 12;
// One answer for a weak token and for one already in use anywhere, so that it tells nobody whether
// another tenant holds a value.
const TOKEN_REJECTED = `Token non accettato: usa Genera per crearne uno nuovo (almeno ${TOKEN_MIN_LENGTH} caratteri casuali).`;
export const TOKEN_PREFIX_LENGTH = 6;
export const LEAD_API_PERMISSION = "leads:write";
// Requests per minute one Lead Manager token may make.
export const LEAD_API_RATE_PER_MINUTE = 60;
export const UNAUTHORIZED_REDIRECT_MS = 500;
export const LOGIN_URL = "/api/login";

export const SETTINGS_TEXTS = {
  profileTitle: "Profilo utente",
  profileDescription: "I dati dell'account con cui hai effettuato l'accesso.",
  nameLabel: "Nome",
  emailLabel: "Email",
  roleLabel: "Ruolo",
  roles: { super_admin: "Super amministratore", client: "Cliente" } as Record<string, string>,
  twilioTitle: "Account Twilio",
  twilioDescription: "Numeri WhatsApp, credenziali Twilio e modello AI di ogni account.",
  twilioManage: "Gestisci Account Twilio",
  activeAccountLabel: "Account Twilio attivo",
  noAccounts: "Nessun account Twilio configurato",
  securityTitle: "Sicurezza",
  securityDescription: "Come accedi alla console.",
  signInMethod: "Email e password",
  signInActive: "Attivo",
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
  copyToken: "Copia",
  copied: "Token copiato negli appunti",
  tokenActive: "Attivo",
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
  tokenSaveErrorTitle: "Errore",
  tokenSaveError: "Impossibile salvare il token. Riprova più tardi.",
  settingsSaved: "Impostazioni salvate",
  settingsSaveError: "Impossibile salvare le impostazioni. Riprova più tardi.",
  unauthorizedTitle: "Non autorizzato",
  unauthorizedDescription: "Effettua il login per continuare...",

  // Validation and server errors
  tokenRequired: "Nome e token sono obbligatori.",
  tokenTooShort: TOKEN_REJECTED,
  tokenInUse: TOKEN_REJECTED,
  tokenNotFound: "Token non trovato",
  tokenUpdateShape: "Invia nome e token, oppure solo isActive.",
  noActiveAccount: ACCOUNT_TEXTS.noActiveAccount,
  accountNotFound: ACCOUNT_TEXTS.notFound,

  // The Lead Manager API
  bearerMissing: "Token mancante: usa l'intestazione Authorization: Bearer <token>",
  bearerInvalid: "Token non valido o disattivato",
  bearerNoPermission: "Il token non ha il permesso di creare lead",
  bearerNoAccount: "Il token non è collegato a un account Twilio accessibile",
  bearerTooMany: (seconds: number) => `Troppi token non validi da questo indirizzo: riprova tra ${seconds} secondi`,
  rateLimited: (seconds: number) => `Troppe richieste con questo token: riprova tra ${seconds} secondi`,
} as const;

export const settingsUpdateSchema = z.object({
  activeTwilioAccountId: z.string({ error: "activeTwilioAccountId deve essere un id" }).trim().min(1).max(64).nullable(),
});

const tokenName = z.string({ error: SETTINGS_TEXTS.tokenRequired }).trim().min(1, SETTINGS_TEXTS.tokenRequired).max(100);
const tokenRaw = z
  .string({ error: SETTINGS_TEXTS.tokenRequired })
  .trim()
  .min(1, SETTINGS_TEXTS.tokenRequired)
  .max(512)
  // One issue whatever makes it weak, so every refusal reads the same.
  .refine((v) => v.length >= TOKEN_MIN_LENGTH && new Set(v).size >= TOKEN_MIN_DISTINCT_CHARS, SETTINGS_TEXTS.tokenTooShort);

export const createTokenSchema = z.object({ name: tokenName, tokenRaw });

// Either a new name and token (optionally with the flag), or only the active flag.
export const updateTokenSchema = z
  .strictObject({
    name: z.string({ error: SETTINGS_TEXTS.tokenRequired }).max(100).optional(),
    tokenRaw: z.string({ error: SETTINGS_TEXTS.tokenRequired }).max(512).optional(),
    isActive: z.boolean({ error: "isActive deve essere true o false" }).optional(),
  })
  .transform((v, ctx) => {
    if (v.name === undefined && v.tokenRaw === undefined) {
      if (v.isActive === undefined) {
        ctx.addIssue({ code: "custom", message: SETTINGS_TEXTS.tokenUpdateShape });
        return z.NEVER;
      }
      return { isActive: v.isActive };
    }
    const parsed = createTokenSchema.safeParse({ name: v.name, tokenRaw: v.tokenRaw });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
      return z.NEVER;
    }
    return { ...parsed.data, isActive: v.isActive };
  });

export const tokenIdParam = z.object({ id: z.string().min(1).max(64) });

export interface ApiSettings {
  profile: { id: string; email: string; firstName: string | null; lastName: string | null; profileImageUrl: string | null; role: string };
  activeTwilioAccountId: string | null;
  signInMethod: "password";
  timezone: string;
}

export interface ApiToken {
  id: string;
  name: string;
  // The first characters only, so a person can tell tokens apart; the token itself is never stored.
  tokenPrefix: string;
  isActive: boolean;
  permissions: string[];
  lastUsedAt: string | null;
  createdAt: string;
  twilioAccountId: string | null;
  accountName: string | null;
}

// A random token the console offers in the form: 32 bytes, base64url, prefixed so it is recognisable.
export function generateTokenValue(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return `abp_${btoa(s).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "")}`;
}
