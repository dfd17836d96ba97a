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
// Every webhook reads one; the customers who write now are few, and reading a number is not cheap.
const ADDRESSES_MAX = 1000;
const addresses = new Map<string, { channel: Channel; phone: string } | null>();
export function parseTwilioAddress(value: string | undefined): { channel: Channel; phone: string } | null {
  const text = (value ?? "").trim();
  const known = addresses.get(text);
  if (known !== undefined) return known && { ...known };
  const whatsapp = /^whatsapp:/i.test(text);
  const phone = toE164(whatsapp ? text.slice("whatsapp:".length) : text);
  const parsed = phone ? { channel: whatsapp ? ("whatsapp" as const) : ("sms" as const), phone } : null;
  if (addresses.size >= ADDRESSES_MAX) addresses.clear();
  addresses.set(text, parsed);
  return parsed && { ...parsed };
}

// Where the account's country is not known yet (a schema the console and the Worker share), a number
// is only checked to look like one: phone characters and 6 to 15 digits. The Worker then reads it with
// toE164(input, account.phoneCountry), so a national number is never read as Italian by mistake.
export function looksLikePhone(input: string): boolean {
  const raw = input.trim();
  if (!raw || raw.length > PHONE_INPUT_MAX || !PHONE_CHARS.test(raw)) return false;
  const digits = raw.replace(/\D/g, "").length;
  return digits >= 6 && digits <= 17;
}

// A list of numbers read with one country: their E.164 forms, or the first entry that cannot exist
// or repeats an earlier one once both are in E.164.
export function toE164List(list: readonly string[], country: string): { ok: true; phones: string[] } | { ok: false; index: number; reason: "invalid" | "duplicate" } {
  const phones: string[] = [];
  for (const [index, raw] of list.entries()) {
    const phone = toE164(raw, country);
    if (!phone) return { ok: false, index, reason: "invalid" };
    if (phones.includes(phone)) return { ok: false, index, reason: "duplicate" };
    phones.push(phone);
  }
  return { ok: true, phones };
}
