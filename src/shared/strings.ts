// Italian UI texts, worded exactly as the spec gives them.
export const T = {
  appName: "AgentBot Pro",
  subtitle: "Business Dashboard",
  greeting: (name: string) => `Ciao ${name}!`,
  fallbackUser: "Utente",
  logoutSuccessTitle: "Logout effettuato",
  logoutSuccess: "Sei stato disconnesso con successo",
  logoutError: "Errore durante il logout",
  error: "Errore",
  loading: "Caricamento...",
  checkingPermissions: "Verificando permessi utente...",
  notFound: "Page Not Found",
  notFoundText: "La pagina che cerchi non esiste.",
  backHome: "Torna alla Dashboard",

  // Landing and login
  loginEmail: "Email",
  loginPassword: "Password",

  // Account selector
  noAccounts: "Nessun account Twilio",
  noActiveAccount: "Nessun account Twilio attivo: configuralo in Account Twilio",
  configure: "Configura",
  defaultAccount: "Account predefinito",
  manageAccounts: "Gestisci Account",
  activateSuccess: "Account Twilio attivato",
  activateErrorThrown: "Errore durante l'attivazione",
  activateErrorToast: "Errore nell'attivazione",

  // Provider accounts page
  phoneInvalid: (example: string) => `Formato numero non valido. Usa formato internazionale: ${example}`,
  modelHint: "Scegli un modello OpenAI o scrivi il nome usato dal tuo server compatibile (Ollama, vLLM, LM Studio).",
  sandboxBadge: "Sandbox",
  defaultBadge: "Default",

  // Going live with a real number, customers who write first
  defaultPromptSaved: "Prompt predefinito aggiornato",
  defaultPromptError: "Impossibile aggiornare il prompt predefinito",

  // New user for an account
  emailRequired: "Email è obbligatoria",
  emailInvalid: "Email non valida",
  passwordTooShort: "Password deve essere almeno 8 caratteri",

  // Profile photo
  photoInvalidFormatTitle: "Formato non valido",
  photoInvalidFormat: "Seleziona un'immagine (JPG, PNG, GIF).",
  photoTooLargeTitle: "File troppo grande",
  photoTooLarge: "La dimensione massima è 5MB.",
  photoUploadFailed: "Errore durante il caricamento della foto.",

  // Server-side error texts
  unauthorized: "Non autorizzato",
  forbidden: "Operazione non consentita",
  notFoundApi: "Risorsa non trovata",
  internalError: "Errore interno del server",
  configIncomplete: "Configurazione del server incompleta",
  invalidFrame: "Messaggio non valido",
  sessionEnded: "Sessione terminata",
  badOrigin: "Origine della richiesta non consentita",
  jsonRequired: "Il corpo della richiesta deve essere JSON (Content-Type: application/json)",
  invalidJson: "JSON non valido",
  bodyTooLarge: "Il corpo della richiesta è troppo grande (massimo 1 MB)",
  webhookTooLarge: "Il corpo della richiesta è troppo grande (massimo 64 KB)",
  jsonTooDeep: "JSON troppo annidato",
  invalidInput: "Dati non validi",
  // A page read by cursor (limit and before query parameters).
  pageLimitInvalid: (max: number) => `limit deve essere un numero intero da 1 a ${max}`,
  beforeInvalid: "before non valido",
  invalidDate: "Data non valida",
  isActiveInvalid: "isActive deve essere true o false",

  // Personal Assistant
  paExit: "Esci da Personal Assistant",


  // Web console: shell and common controls
  save: "Salva",
  cancel: "Annulla",
  close: "Chiudi",
  edit: "Modifica",
  active: "Attivo",
  delete: "Elimina",
  unknownError: "Unknown error",
  mainNavLabel: "Navigazione principale",
  mobileNavLabel: "Menu di navigazione",
  openMenu: "Apri menu",
  themeToDark: "Passa al tema scuro",
  themeToLight: "Passa al tema chiaro",
  // A period's two days, on the screens that choose one.
  startDate: "Data inizio",
  endDate: "Data fine",
  endBeforeStart: "La data di fine non può precedere la data di inizio",
  accountSelectorLabel: "Account Twilio attivo",
  copy: "Copia",
  accountsEmpty: "Nessun account Twilio configurato",
  emailPlaceholder: "nome@azienda.it",

  // Profile photo dialog
  profilePhotoTitle: "Foto profilo",
  profilePhotoHint: "JPG, PNG o GIF, massimo 5MB.",
  choosePhoto: "Scegli immagine",
  uploadPhoto: "Carica foto",
  uploadingPhoto: "Caricamento in corso...",
  changeProfilePhoto: "Cambia foto profilo",

  // Dashboard
  activeAccountLabel: "Account attivo",

  // Provider accounts page, form and actions
  emailInUse: "Email già in uso da un altro utente",
  retry: "Riprova",
  // Amministrazione and Configurazione > Profilo
  roleLabels: { super_admin: "Super amministratore", client: "Cliente" } as Record<string, string>,
  notificationsLabel: "Notifiche",
  // Sentences several features answer with.
  syncIntervalInvalid: "L'intervallo di sincronizzazione deve essere tra 5 e 1440 minuti",
  phoneAlreadyListed: "Questo numero è già presente nella lista",
} as const;
