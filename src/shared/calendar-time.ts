// Calendar arithmetic for the internal calendar. Instants are UTC; what people see and pick are
// Europe/Rome calendar days ("yyyy-MM-dd") and wall-clock times, whatever the DST season.
import { addDays, isCalendarDay, pad2 as pad, romeClock, romeDay, romeInstant, romeParts } from "./rome-time";

// The Rome-day basics live in rome-time.ts; the calendar's names for them.
export { addDays, isCalendarDay as isCalendarDayString, romeClock, romeDay as romeDayOf, romeInstant };

export type CalendarView = "day" | "week" | "month";
export const CALENDAR_VIEWS: readonly CalendarView[] = ["day", "week", "month"];

export const DAY_MS = 86_400_000;

// Day arithmetic happens on UTC dates, which have no DST, so a day is always one day.
function utcDate(day: string): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

export function daysBetween(from: string, to: string): number {
  return Math.round((utcDate(to).getTime() - utcDate(from).getTime()) / DAY_MS);
}

function daysInMonth(year: number, monthIndex: number) {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

// The same day of the month n months later; a day the month lacks (31, or 29-30 in February)
// becomes that month's last day, so a monthly event on the 31st still happens every month.
export function addMonths(day: string, n: number, dayOfMonth = Number(day.slice(8, 10))): string {
  const d = utcDate(day);
  const total = d.getUTCFullYear() * 12 + d.getUTCMonth() + n;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  return `${year}-${pad(month + 1)}-${pad(Math.min(dayOfMonth, daysInMonth(year, month)))}`;
}

function monthsBetween(from: string, to: string): number {
  const a = utcDate(from);
  const b = utcDate(to);
  return (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + (b.getUTCMonth() - a.getUTCMonth());
}

// 0 = Sunday … 6 = Saturday, as JavaScript's getDay().
export function weekdayOf(day: string): number {
  return utcDate(day).getUTCDay();
}

// Weeks start on Monday (Italian locale).
export function startOfWeek(day: string): string {
  return addDays(day, -((weekdayOf(day) + 6) % 7));
}

export interface DayRange {
  startDate: string;
  endDate: string;
}

export function weekRange(day: string): DayRange {
  const startDate = startOfWeek(day);
  return { startDate, endDate: addDays(startDate, 6) };
}

// The month view shows whole weeks: from the Monday on or before the 1st to the Sunday on or after the last day.
export function monthRange(day: string): DayRange {
  const first = `${day.slice(0, 7)}-01`;
  const last = addDays(addMonths(first, 1), -1);
  return { startDate: startOfWeek(first), endDate: addDays(startOfWeek(last), 6) };
}

export function viewRange(view: CalendarView, day: string): DayRange {
  if (view === "week") return weekRange(day);
  if (view === "month") return monthRange(day);
  return { startDate: day, endDate: day };
}

// Previous/next: one day, one week or one month.
export function stepDay(view: CalendarView, day: string, direction: 1 | -1): string {
  if (view === "day") return addDays(day, direction);
  if (view === "week") return addDays(day, 7 * direction);
  return addMonths(`${day.slice(0, 7)}-01`, direction);
}

export function daysOf(range: DayRange): string[] {
  const out: string[] = [];
  for (let d = range.startDate; d <= range.endDate; d = addDays(d, 1)) out.push(d);
  return out;
}

// Rome days from..to, both included, as the half-open UTC interval [from 00:00, day after to 00:00).
export function dayRangeInstants(range: DayRange): { from: Date; to: Date } {
  return { from: romeInstant(range.startDate), to: romeInstant(addDays(range.endDate, 1)) };
}

export function isValidInstant(value: unknown): boolean {
  if (typeof value !== "string" && typeof value !== "number" && !(value instanceof Date)) return false;
  if (typeof value === "string" && !hasRealDateAndTime(value)) return false;
  return !Number.isNaN(new Date(value).getTime());
}

// Date parses "2026-02-30T10:00Z" as 2 March and "T24:00" as the next day: an ISO text must name a
// day that exists in its month and a time within the day.
function hasRealDateAndTime(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(value.trim());
  if (!m) return true;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return false;
  return m[4] === undefined || (Number(m[4]) <= 23 && Number(m[5]) <= 59 && Number(m[6] ?? 0) <= 59);
}

// "HH:mm" in Rome, or the given text when the value is not a time.
export function formatRomeTime(value: string | number | Date | null | undefined, invalidText: string): string {
  if (value === null || value === undefined || !isValidInstant(value)) return invalidText;
  const p = romeParts(value);
  return `${p.hour}:${p.minute}`;
}

// The value of an <input type="datetime-local"> showing this instant in Rome.
export function romeLocalInput(value: string | Date): string {
  const p = romeParts(value);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

// The instant a Rome "yyyy-MM-ddTHH:mm" (datetime-local) names, or null when it is not one.
export function fromRomeLocalInput(value: string): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const [hour, minute] = [Number(match[2]), Number(match[3])];
  if (hour > 23 || minute > 59 || !isCalendarDay(match[1]!)) return null;
  return romeInstant(match[1]!, hour, minute);
}

// ---- Recurring events ----

export const RECURRENCE_FREQUENCIES = ["daily", "weekly", "monthly"] as const;
export type RecurrenceFrequency = (typeof RECURRENCE_FREQUENCIES)[number];

export interface RecurrenceRule {
  frequency: RecurrenceFrequency;
  // Every n days, weeks or months.
  interval: number;
  // Weekly only: weekdays (0 = Sunday … 6 = Saturday); none means the start's weekday.
  daysOfWeek: number[];
}

export interface Series {
  start: Date;
  end: Date | null;
  isAllDay: boolean;
  recurrence: RecurrenceRule | null;
  // The last Rome day an occurrence may fall on, included.
  until: string | null;
}

export interface Occurrence {
  start: Date;
  end: Date | null;
}

// An occurrence's end for overlap checks: all-day events fill their Rome day, events without an end are instants.
export function effectiveEnd(o: Occurrence, isAllDay: boolean): Date {
  if (isAllDay) return romeInstant(addDays(romeDay(o.start), 1));
  return o.end && o.end > o.start ? o.end : new Date(o.start.getTime() + 1);
}

const MAX_OCCURRENCES = 2_000;

// Every occurrence overlapping [from, to), each with its own start and end. Occurrences repeat the
// first one's Rome wall-clock time, so a 10:00 meeting stays at 10:00 across a DST change.
export function occurrencesBetween(series: Series, from: Date, to: Date): Occurrence[] {
  const first: Occurrence = { start: series.start, end: series.isAllDay ? null : series.end };
  const overlaps = (o: Occurrence) => o.start < to && effectiveEnd(o, series.isAllDay) > from;
  if (!series.recurrence) return overlaps(first) ? [first] : [];

  const { frequency, daysOfWeek } = series.recurrence;
  const interval = Math.max(1, Math.floor(series.recurrence.interval || 1));
  const startDay = romeDay(series.start);
  const clock = series.isAllDay ? { hour: 0, minute: 0 } : romeClock(series.start);
  const hasEnd = series.end !== null && !series.isAllDay;
  const durationMs = hasEnd ? Math.max(0, series.end!.getTime() - series.start.getTime()) : 0;
  // Occurrences that start this many days before `from` may still reach into it.
  const reachDays = Math.ceil(durationMs / DAY_MS) + 1;
  const lowDay = addDays(romeDay(from), -reachDays);
  const lastDay = romeDay(to);
  const until = series.until;

  const out: Occurrence[] = [];
  const consider = (day: string): boolean => {
    if (day > lastDay || (until !== null && day > until) || out.length >= MAX_OCCURRENCES) return false;
    if (day < startDay) return true;
    const start = romeInstant(day, clock.hour, clock.minute);
    const occurrence = { start, end: hasEnd ? new Date(start.getTime() + durationMs) : null };
    if (overlaps(occurrence)) out.push(occurrence);
    return true;
  };

  if (frequency === "daily") {
    let k = Math.max(0, Math.floor(daysBetween(startDay, lowDay) / interval));
    while (consider(addDays(startDay, k * interval))) k += 1;
  } else if (frequency === "weekly") {
    const weekdays = (daysOfWeek.length ? [...new Set(daysOfWeek)] : [weekdayOf(startDay)])
      .filter((d) => Number.isInteger(d) && d >= 0 && d <= 6)
      .map((d) => (d + 6) % 7) // Monday-based offsets
      .sort((a, b) => a - b);
    const firstMonday = startOfWeek(startDay);
    let week = Math.max(0, Math.floor(daysBetween(firstMonday, lowDay) / 7 / interval)) * interval;
    for (let going = weekdays.length > 0; going; week += interval) {
      for (const offset of weekdays) {
        if (!consider(addDays(firstMonday, week * 7 + offset))) {
          going = false;
          break;
        }
      }
    }
  } else {
    const dayOfMonth = Number(startDay.slice(8, 10));
    let k = Math.max(0, Math.floor(monthsBetween(startDay, lowDay) / interval));
    while (consider(addMonths(startDay, k * interval, dayOfMonth))) k += 1;
  }
  return out;
}
