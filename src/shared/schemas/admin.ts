import { z } from "zod";
import { cursorPageQuery } from "./fields";
import { USER_ROLES } from "../constants";
import { newPasswordSchema } from "./passwords";

export const ADMIN_TEXTS = {
  userNotInAccount: "L'utente non è assegnato a questo account",
  title: "Amministrazione Utenti",
  denied: "Accesso negato. Solo i super amministratori possono accedere a questa pagina.",
  loadError: "Errore nel caricamento degli utenti. Verifica i permessi di amministratore.",
  roleUpdated: "Ruolo aggiornato",
  roleErrorTitle: "Errore",
  roleErrorDefault: "Errore nell'aggiornamento del ruolo",
  assigned: "Account assegnato",
  assignErrorTitle: "Errore assegnazione",
  assignErrorDefault: "Errore nell'assegnazione dell'account",
  removed: "Account rimosso",
  removeErrorTitle: "Errore rimozione",
  removeErrorDefault: "Errore nella rimozione dell'account",
  created: "Utente creato",
  createErrorTitle: "Errore creazione",
  createErrorDefault: "Errore nella creazione dell'utente",
  emailInUse: "Email già in uso da un altro utente",
  ownRole: "Non puoi cambiare il tuo ruolo",
  lastSuperAdmin: "Deve restare almeno un super amministratore",
  ownAccountDisable: "Non puoi disattivare il tuo utente",
  userNotFound: "Utente non trovato",
  alreadyAssigned: "L'utente è già assegnato a questo account",
} as const;

export const userIdParam = z.object({ userId: z.string().min(1).max(64) });

// GET /api/admin/audit-log answers a page, newest first; X-Next-Cursor, when present, is the `before` of the next.
export const AUDIT_PAGE_SIZE = 200;
export const auditLogQuery = cursorPageQuery(AUDIT_PAGE_SIZE, AUDIT_PAGE_SIZE);
export const unassignParams = z.object({ userId: z.string().min(1).max(64), twilioAccountId: z.string().min(1).max(64) });

export const roleSchema = z.object({ role: z.enum(USER_ROLES, { error: "Ruolo non valido" }) });

export const assignAccountSchema = z.object({
  twilioAccountId: z.string({ error: "Twilio Account ID is required" }).trim().min(1, "Twilio Account ID is required").max(64),
  isOwner: z.boolean().optional().default(false),
});

export const createUserSchema = z.object({
  email: z.string({ error: "Email è obbligatoria" }).trim().toLowerCase().min(1, "Email è obbligatoria").pipe(z.email("Invalid email format")),
  password: newPasswordSchema,
  twilioAccountId: z
    .string()
    .trim()
    .max(64)
    .nullish()
    .transform((v) => v || null),
  isOwner: z.boolean().optional().default(false),
});

export const userActiveSchema = z.object({ isActive: z.boolean({ error: "isActive deve essere true o false" }) });

export interface AdminUserAccount {
  id: string;
  twilioAccountId: string;
  accountName: string;
  accountPhoneNumber: string;
  isOwner: boolean;
}

export interface AdminUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: (typeof USER_ROLES)[number];
  isActive: boolean;
  createdAt: string;
  accounts: AdminUserAccount[];
}

export interface AuditEntry {
  id: string;
  actorEmail: string;
  action: string;
  targetType: string;
  targetId: string | null;
  details: Record<string, unknown> | null;
  createdAt: string;
}

export const AUDIT_ACTION_LABELS: Record<string, string> = {
  "user.role": "Ruolo cambiato",
  "user.create": "Utente creato",
  "user.active": "Utente attivato/disattivato",
  "user.password-reset": "Password reimpostata",
  "account.assign": "Account assegnato",
  "account.unassign": "Account rimosso dall'utente",
  "account.delete": "Account Twilio eliminato",
  "campaign.delete": "Campagna eliminata",
};
