// The account switcher of the header.
export const ACCOUNT_SELECTOR_TEXTS = {
  switchAccountTitle: "Cambia Account Twilio",
  secondaryAccount: "Account secondario",
} as const;
