import { z } from "zod";

export const PASSWORD_TEXTS = {
  tooShort: "Password must be at least 8 characters long",
  blank: "La password non può essere fatta solo di spazi",
  common: "Questa password è tra le più comuni o compare in violazioni note: scegline un'altra",
  currentRequired: "Inserisci la password attuale",
  currentWrong: "La password attuale non è corretta",
  sameAsCurrent: "La nuova password deve essere diversa da quella attuale",
  mustChange: "Devi scegliere una nuova password prima di continuare",
  // Configurazione > Sicurezza
  changeTitle: "Cambia password",
  changeDescription: "Le altre sessioni aperte con il tuo utente verranno chiuse.",
  currentLabel: "Password attuale",
  newLabel: "Nuova password",
  confirmLabel: "Conferma nuova password",
  mismatch: "Le due password non coincidono",
  submit: "Cambia password",
  submitting: "Salvataggio...",
  changed: "Password cambiata",
  changedDescription: "Le altre sessioni sono state chiuse.",
  forcedTitle: "Scegli una nuova password",
  forcedDescription: "Un amministratore ha reimpostato la tua password: scegline una nuova per continuare.",
  // Amministrazione
  resetAction: "Reimposta password",
  resetTitle: "Reimposta la password",
  resetDescription: "L'utente dovrà sceglierne una nuova al prossimo accesso; le sue sessioni vengono chiuse.",
  resetDone: "Password reimpostata",
  resetErrorDefault: "Errore nella reimpostazione della password",
  resetOwn: "Per il tuo utente usa Cambia password in Configurazione",
} as const;

// A new password: the spec's minimum of 8 (its message), and not only spaces. The list of common and
// breached passwords is checked on the server only (it is too large for the web bundle).
export const newPasswordSchema = z
  .string({ error: PASSWORD_TEXTS.tooShort })
  .min(8, PASSWORD_TEXTS.tooShort)
  .max(1024)
  .refine((v) => v.trim().length > 0, PASSWORD_TEXTS.blank);

export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: PASSWORD_TEXTS.currentRequired }).min(1, PASSWORD_TEXTS.currentRequired).max(1024),
  newPassword: newPasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const resetPasswordSchema = z.object({ password: newPasswordSchema });
