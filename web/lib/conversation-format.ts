import { formatDistance } from "date-fns/formatDistance";
import { it } from "date-fns/locale/it";
import { CATEGORY_LABELS } from "@shared/constants";
import { addDays as shiftDay, romeDay, romeFormatter, romeParts } from "@shared/rome-time";
import { CONVERSATION_TEXTS as TX } from "@shared/texts/conversations";

// Rome days for the conversation screens (one implementation, in rome-time).
export { romeDay, shiftDay };

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

export function fullDateTime(iso: string): string {
  return romeFormatter("it-IT", { dateStyle: "long", timeStyle: "short" }).format(new Date(iso));
}

export function clockTime(iso: string): string {
  const p = romeParts(new Date(iso));
  return `${p.hour}:${p.minute}`;
}

// The list's compact time: hours today, 'Ieri' yesterday, else the date (Rome days).
export function listTime(iso: string, now: Date = new Date()): string {
  const p = romeParts(iso);
  const day = `${p.year}-${p.month}-${p.day}`;
  const today = romeDay(now);
  if (day === today) return `${p.hour}:${p.minute}`;
  if (day === shiftDay(today, -1)) return TX.dateYesterday;
  return `${p.day}/${p.month}/${p.year.slice(-2)}`;
}
