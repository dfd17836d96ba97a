import { formatDistance } from "date-fns/formatDistance";
import { it } from "date-fns/locale/it";
import { CATEGORY_LABELS } from "@shared/constants";
import { CONVERSATION_TEXTS as TX } from "@shared/conversation-texts";

export const ROME_TZ = "Europe/Rome";

interface Named {
  customerName: string | null;
  phoneNumber: string;
}

export function customerLabel(c: Named): string {
  return c.customerName?.trim() || TX.anonymous;
}

// The chat header names the customer, else shows the number with its international prefix.
export function nameOrPhone(c: Named): string {
  return c.customerName?.trim() || withPlus(c.phoneNumber);
}

export function withPlus(phone: string): string {
  return phone.startsWith("+") ? phone : `+${phone}`;
}

// Dashboard rows: the first letter of up to two words.
export function wordInitials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0]!.toUpperCase())
    .join("");
}

// Conversation list: the first two letters of the name, else the last two digits of the phone.
export function listInitials(c: Named): string {
  const name = c.customerName?.trim();
  if (name) return Array.from(name.replace(/\s+/g, "")).slice(0, 2).join("").toUpperCase();
  return c.phoneNumber.replace(/\D/g, "").slice(-2);
}

const ROW_CATEGORIES = ["loans", "stationery", "agency"] as const;

export function categoryLabel(category: string | null | undefined): string {
  return category && (ROW_CATEGORIES as readonly string[]).includes(category) ? CATEGORY_LABELS[category]! : TX.categoryGeneral;
}

// Active and waiting have Italian names; any other status is shown as it is.
export function statusLabel(status: string): string {
  if (status === "active") return TX.statusActive;
  if (status === "waiting") return TX.statusWaiting;
  return status;
}

export function lastActivity(c: { lastMessageAt: string | null; createdAt: string }): string {
  return c.lastMessageAt ?? c.createdAt;
}

// "3 minuti fa"; a timestamp slightly ahead of this clock reads as just now.
export function relativeTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return formatDistance(date.getTime() > now.getTime() ? now : date, now, { addSuffix: true, locale: it });
}

const partsFormatter = new Intl.DateTimeFormat("en-GB", {
  timeZone: ROME_TZ,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

function romeParts(date: Date) {
  const parts: Record<string, string> = {};
  for (const p of partsFormatter.formatToParts(date)) parts[p.type] = p.value;
  return parts as Record<"year" | "month" | "day" | "hour" | "minute", string>;
}

// The calendar day (YYYY-MM-DD) in Rome at this instant.
export function romeDay(at: Date): string {
  const p = romeParts(at);
  return `${p.year}-${p.month}-${p.day}`;
}

const fullFormatter = new Intl.DateTimeFormat("it-IT", { timeZone: ROME_TZ, dateStyle: "long", timeStyle: "short" });

export function fullDateTime(iso: string): string {
  return fullFormatter.format(new Date(iso));
}

export function clockTime(iso: string): string {
  const p = romeParts(new Date(iso));
  return `${p.hour}:${p.minute}`;
}

// The list's compact time: hours today, 'Ieri' yesterday, else the date (Rome days).
export function listTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const p = romeParts(date);
  const day = `${p.year}-${p.month}-${p.day}`;
  const today = romeDay(now);
  if (day === today) return `${p.hour}:${p.minute}`;
  if (day === shiftDay(today, -1)) return TX.dateYesterday;
  return `${p.day}/${p.month}/${p.year.slice(-2)}`;
}

// A calendar day moved by whole days (no time zone involved).
export function shiftDay(day: string, days: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
