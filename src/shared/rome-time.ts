// Europe/Rome, the one time zone of the product: calendar days ("yyyy-MM-dd"), wall-clock times and the
// dates people read, for the worker and the console alike. Instants are UTC; the zone's offset (DST
// included) comes from date-fns-tz, and every Intl formatter is built once and reused.
import { fromZonedTime } from "date-fns-tz/fromZonedTime";

export const ROME_TZ = "Europe/Rome";

const formatters = new Map<string, Intl.DateTimeFormat>();

// The Intl formatter for these options in Rome, built on first use and then kept.
export function romeFormatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone: ROME_TZ });
    formatters.set(key, formatter);
  }
  return formatter;
}

const PARTS: Intl.DateTimeFormatOptions = {
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
};

export interface RomeParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

const toDate = (at: Date | number | string) => (at instanceof Date ? at : new Date(at));

// The Rome calendar and clock fields of an instant, zero-padded ("2026", "03", "09", "07", "05", "00").
export function romeParts(at: Date | number | string): RomeParts {
  const parts: RomeParts = { year: "", month: "", day: "", hour: "", minute: "", second: "" };
  for (const p of romeFormatter("en-GB", PARTS).formatToParts(toDate(at))) {
    if (p.type in parts) parts[p.type as keyof RomeParts] = p.value;
  }
  return parts;
}

export const pad2 = (n: number) => String(n).padStart(2, "0");

// "yyyy-MM-dd" of the Rome calendar day containing this instant.
export function romeDay(at: Date | number | string): string {
  const p = romeParts(at);
  return `${p.year}-${p.month}-${p.day}`;
}

// The Rome wall-clock hour and minute of an instant.
export function romeClock(at: Date | number | string): { hour: number; minute: number } {
  const p = romeParts(at);
  return { hour: Number(p.hour), minute: Number(p.minute) };
}

// The UTC instant of a Rome wall-clock time on a Rome day.
export function romeInstant(day: string, hour = 0, minute = 0): Date {
  return fromZonedTime(`${day}T${pad2(hour)}:${pad2(minute)}:00`, ROME_TZ);
}

// The UTC instant at which a Rome calendar day ("yyyy-MM-dd") begins.
export function romeDayStart(day: string): Date {
  return romeInstant(day);
}

// A calendar day moved by whole days: day arithmetic on UTC dates, which have no DST.
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

// The Rome day after the given one, as "yyyy-MM-dd".
export function nextRomeDay(day: string): string {
  return addDays(day, 1);
}

// Whether a string is a "yyyy-MM-dd" that names a real calendar day.
export function isCalendarDay(day: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

// "yyyy-MM" of the Rome month containing this instant, and the instant it began.
export function romeMonth(at: Date | number): { month: string; start: Date } {
  const month = romeDay(at).slice(0, 7);
  return { month, start: romeDayStart(`${month}-01`) };
}

function validDate(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

// "10/03/26, 11:00": a stored time as the console shows it; "" when there is none.
export function formatRomeDateTime(iso: string | null | undefined): string {
  const date = validDate(iso);
  return date ? romeFormatter("it-IT", { dateStyle: "short", timeStyle: "short" }).format(date) : "";
}

// "10/03/2026"; "" when there is no date.
export function formatRomeDate(iso: string | null | undefined): string {
  const date = validDate(iso);
  return date ? romeFormatter("it-IT", { day: "2-digit", month: "2-digit", year: "numeric" }).format(date) : "";
}
