// Console texts of the user administration page that ADMIN_TEXTS (the spec's own wordings, shared
// with the server) does not hold.

export const ROLE_LABELS: Record<string, string> = {
  super_admin: "Super amministratore",
  client: "Cliente",
};

export const ADMIN_UI = {
  usersCount: (n: number) => (n === 1 ? "1 utente registrato" : `${n} utenti registrati`),
  superAdmins: "Super amministratori",
  clients: "Clienti",
  activeAccounts: "Account Twilio attivi",

  // Create-user form
  createTitle: "Crea utente",
  createDescription: "Il nuovo utente entra come cliente con e-mail e password.",
  emailLabel: "Email",
  emailPlaceholder: "nome@azienda.it",
  passwordLabel: "Password",
  passwordHint: "Almeno 8 caratteri",
  accountLabel: "Account Twilio (opzionale)",
  noAccount: "Nessun account",
  ownerLabel: "Proprietario dell'account",
  ownerHint: "Può gestire l'account e aggiungere altri utenti",
  createSubmit: "Crea utente",
  creating: "Creazione...",

  // Assign panel
  assignTitle: "Assegna account",
  assignDescription: "Collega un utente a un account Twilio.",
  userLabel: "Utente",
  selectUser: "Seleziona un utente",
  assignAccountLabel: "Account Twilio",
  selectAccount: "Seleziona un account",
  accountDisabled: "disattivato",
  assignSubmit: "Assegna account",
  assigning: "Assegnazione...",

  // Users table
  usersTitle: "Utenti",
  colId: "ID",
  colEmail: "Email",
  colRole: "Ruolo",
  colAccounts: "Account assegnati",
  colActive: "Stato",
  roleFor: (email: string) => `Ruolo di ${email}`,
  activeFor: (email: string) => `Utente attivo: ${email}`,
  you: "Tu",
  ownBadge: "Proprietario",
  noAccounts: "Nessun account",
  removeAccount: (account: string, email: string) => `Rimuovi ${account} da ${email}`,
  active: "Attivo",
  disabled: "Disattivato",
  createdOn: (date: string) => `Registrato il ${date}`,
  activated: "Utente attivato",
  deactivated: "Utente disattivato",
  activeErrorTitle: "Errore",
  activeErrorDefault: "Errore nell'aggiornamento dello stato dell'utente",
  deactivateConfirm: (email: string) => `Disattivare ${email}? Le sue sessioni verranno chiuse e non potrà più accedere.`,

  // Audit log
  auditTitle: "Registro attività",
  auditDescription: "Chi ha cambiato cosa, dal più recente",
  auditEmpty: "Nessuna attività registrata",
  auditError: "Impossibile caricare il registro attività.",
  auditShowAll: (n: number) => `Mostra tutte (${n})`,
  auditShowLess: "Mostra meno",
  auditLoadMore: "Carica altri",
  auditLoadingMore: "Caricamento…",
  auditRole: (from: string, to: string) => `${from} → ${to}`,
  auditOwner: "come proprietario",
  auditEnabled: "attivato",
  auditDisabled: "disattivato",
} as const;
