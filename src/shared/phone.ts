// Phone numbers from spreadsheets, CSV files and other systems, normalised to E.164.
// Without an international prefix a number is taken as Italian (+39), the default country.
export const DEFAULT_COUNTRY_CODE = "39";

const E164 = /^\+[1-9]\d{7,14}$/;

export function toE164(input: unknown, defaultCountryCode = DEFAULT_COUNTRY_CODE): string | null {
  if (typeof input === "number" && Number.isSafeInteger(input) && input > 0) input = String(input);
  if (typeof input !== "string") return null;
  const raw = input.trim();
  if (!raw) return null;
  // Only digits and the usual separators; letters mean it is not a phone number.
  if (!/^\+?[\d\s().\-/]+$/.test(raw)) return null;
  const digits = raw.replace(/\D/g, "");
  let e164: string;
  if (raw.startsWith("+")) e164 = `+${digits}`;
  else if (digits.startsWith("00")) e164 = `+${digits.slice(2)}`;
  // Italian national numbers never exceed 11 digits, so 39 + 9-11 digits already carries the country.
  else if (defaultCountryCode === "39" && digits.startsWith("39") && digits.length >= 11 && digits.length <= 13) e164 = `+${digits}`;
  else e164 = `+${defaultCountryCode}${digits}`;
  if (!E164.test(e164)) return null;
  // Italian numbers: 6 to 11 national digits (landlines keep their leading 0, mobiles start with 3).
  if (e164.startsWith("+39")) {
    const national = e164.slice(3);
    if (national.length < 6 || national.length > 11 || !/^[03]/.test(national)) return null;
  }
  return e164;
}
