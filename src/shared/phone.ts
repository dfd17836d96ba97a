// The one phone rule: whatever way a number was typed (a form, a CSV cell, Airtable, another system's
// API, a Twilio webhook), it is stored and sent as E.164. A number without an international prefix
// belongs to the provider account's default country (Italy unless set). The "min" metadata of
// libphonenumber-js validates number lengths and prefixes per country; the console never loads it
// on its first page (the server normalises).
import { type CountryCode, isSupportedCountry, parsePhoneNumberFromString } from "libphonenumber-js/min";

export const DEFAULT_COUNTRY = "IT";
// Longer input is not a phone number (E.164 has 15 digits; separators and a prefix add a few).
export const PHONE_INPUT_MAX = 40;

// Only digits, one leading "+" and the usual separators: letters mean it is not a phone number.
const PHONE_CHARS = /^\+?[\d\s().\-/]+$/;

export function isPhoneCountry(country: string): boolean {
  return /^[A-Z]{2}$/.test(country) && isSupportedCountry(country);
}

export function toE164(input: unknown, country: string = DEFAULT_COUNTRY): string | null {
  if (typeof input === "number" && Number.isSafeInteger(input) && input > 0) input = String(input);
  if (typeof input !== "string") return null;
  const raw = input.trim();
  if (!raw || raw.length > PHONE_INPUT_MAX || !PHONE_CHARS.test(raw)) return null;
  const defaultCountry = (isPhoneCountry(country) ? country : DEFAULT_COUNTRY) as CountryCode;
  const parsed = parsePhoneNumberFromString(raw, { defaultCountry });
  return parsed?.isValid() ? parsed.number : null;
}

// The address Twilio uses for a number on a channel: "whatsapp:+39…" or plain "+39…" for SMS.
export type Channel = "whatsapp" | "sms";

// A Twilio From/To field: the channel it names and the number, or null when the number is not valid.
export function parseTwilioAddress(value: string | undefined): { channel: Channel; phone: string } | null {
  const text = (value ?? "").trim();
  const whatsapp = /^whatsapp:/i.test(text);
  const phone = toE164(whatsapp ? text.slice("whatsapp:".length) : text);
  return phone ? { channel: whatsapp ? "whatsapp" : "sms", phone } : null;
}
