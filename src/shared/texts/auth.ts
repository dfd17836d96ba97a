// Signing in and out, the landing page, and the password screens (Configurazione > Sicurezza,
// Amministrazione, the forced change): apart from the schemas so that the shell, which shows them, loads no zod.
export const AUTH_TEXTS = {
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
  // Landing and login
  logout: "Esci",
  login: "Accedi",
  loginSubmitting: "Accesso in corso...",
  loginSuccess: "Login effettuato",
  loginErrorTitle: "Errore di accesso",
  loginError: "Email o password non corretti",
  loginTooMany: "Troppi tentativi di accesso. Riprova tra qualche minuto.",
  landingTitle: "Vendite automatiche con l'AI su WhatsApp",
  landingSubtitle:
    "Un agente AI che risponde ai tuoi clienti, campagne con template approvati e sequenze di follow-up, e insight di vendita: tasso di conversione, performance per campagna, sentiment e fatturato.",
  landingBullets: ["Configurazione in 5 minuti", "Inizia gratis", "Nessuna carta di credito richiesta"],
  landingStart: "Inizia ora",
  loginSubmit: "Entra",
  landingFeatures: [
    {
      title: "Vendite automatiche con l'AI",
      text: "L'agente risponde ai clienti su WhatsApp giorno e notte, qualifica i lead e porta avanti la trattativa.",
    },
    {
      title: "Campagne e follow-up",
      text: "Campagne con template approvati da WhatsApp e sequenze di follow-up automatiche.",
    },
    {
      title: "Insight di vendita",
      text: "Tasso di conversione, performance per campagna, sentiment dei clienti e fatturato generato.",
    },
  ],
} as const;
