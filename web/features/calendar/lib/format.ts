import { type CalendarView, formatRomeTime, weekRange } from "@shared/calendar-time";
import { type ApiCalendarOccurrence } from "@shared/schemas/calendar";
import { CALENDAR_TEXTS as TX } from "@shared/texts/calendar";

// Calendar days are formatted as UTC dates, so the browser's own zone never shifts them.
const utc = (day: string) => new Date(`${day}T12:00:00Z`);
const fmt = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("it-IT", { timeZone: "UTC", ...options });
const weekdayShort = fmt({ weekday: "short" });
const dayMonthLong = fmt({ day: "numeric", month: "long" });
const dayMonthShort = fmt({ day: "numeric", month: "short" });
const fullDate = fmt({ weekday: "long", day: "numeric", month: "long", year: "numeric" });
const monthYear = fmt({ month: "long", year: "numeric" });

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export const weekdayLabel = (day: string) => weekdayShort.format(utc(day)).replace(".", "");
export const dayNumber = (day: string) => Number(day.slice(8, 10));
export const fullDayLabel = (day: string) => capitalize(fullDate.format(utc(day)));
export const shortDayLabel = (day: string) => dayMonthShort.format(utc(day));

// Monday-first weekday names for the month header.
export const WEEKDAY_HEADERS = ["2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06", "2026-03-07", "2026-03-08"].map(weekdayLabel);
// Picker order and labels for weekly recurrence: value is JavaScript's getDay().
export const WEEKDAY_CHOICES = [1, 2, 3, 4, 5, 6, 0].map((value, i) => ({ value, label: WEEKDAY_HEADERS[i]! }));

export function rangeTitle(view: CalendarView, day: string): string {
  if (view === "day") return fullDayLabel(day);
  if (view === "month") return capitalize(monthYear.format(utc(day)));
  const { startDate, endDate } = weekRange(day);
  const year = endDate.slice(0, 4);
  if (startDate.slice(0, 7) === endDate.slice(0, 7)) return `${dayNumber(startDate)} – ${dayMonthLong.format(utc(endDate))} ${year}`;
  return `${shortDayLabel(startDate)} – ${shortDayLabel(endDate)} ${year}`;
}

export const hourLabel = (hour: number) => `${String(hour % 24).padStart(2, "0")}:00`;

// "HH:mm – HH:mm" in Rome, or 'Tutto il giorno'; a time that cannot be read shows 'Orario non valido'.
export function timeLabel(o: Pick<ApiCalendarOccurrence, "startDate" | "endDate" | "isAllDay">): string {
  if (o.isAllDay) return TX.allDay;
  const start = formatRomeTime(o.startDate, TX.invalidTime);
  return o.endDate ? `${start} – ${formatRomeTime(o.endDate, TX.invalidTime)}` : start;
}
