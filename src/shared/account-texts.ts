// The words of the provider accounts that the Worker answers with.
export const ACCOUNT_TEXTS = {
  noActiveAccount: "Nessun account Twilio attivo: configuralo in Account Twilio",
  notFound: "Account Twilio non trovato",
  ownerOnly: "Solo il proprietario dell'account può modificarlo",
} as const;
