import { getCountries } from "libphonenumber-js/min";

// The countries a provider account can read numbers for, named in Italian, Italy first.
const names = new Intl.DisplayNames(["it"], { type: "region" });

export const PHONE_COUNTRY_OPTIONS: { code: string; label: string }[] = getCountries()
  .map((code) => ({ code, label: `${names.of(code) ?? code} (${code})` }))
  .sort((a, b) => (a.code === "IT" ? -1 : b.code === "IT" ? 1 : a.label.localeCompare(b.label, "it")));
