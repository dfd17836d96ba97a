// The password screens' words (Configurazione > Sicurezza, Amministrazione, the forced change), apart
// from the schemas so that the shell, which shows them, loads no zod.
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
