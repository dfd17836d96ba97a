import { MAX_RANGE_DAYS } from "@shared/constants";
import { ANALYTICS_TEXTS as UI } from "@shared/texts/analytics";
import { T } from "@shared/strings";
import { addDays as shiftDay, isCalendarDay, romeDay } from "@shared/rome-time";

export const RANGE_PRESETS = [7, 30, 90] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
export const DEFAULT_PRESET: RangePreset = 30;

export interface DayRange {
  startDate: string;
  endDate: string;
}

// A calendar day moved by whole days (rome-time's addDays).
export { shiftDay };

// Days from start to end, both included.
export function rangeLength({ startDate, endDate }: DayRange): number {
  return Math.round((Date.parse(endDate) - Date.parse(startDate)) / 86_400_000) + 1;
}

// The last n Rome days, today included, whatever the browser's own zone.
export function presetRange(days: number, now: Date = new Date()): DayRange {
  const endDate = romeDay(now);
  return { startDate: shiftDay(endDate, -(days - 1)), endDate };
}

export type RangeCheck = { ok: true; range: DayRange } | { ok: false; error: string };

// A custom range: both days real, none in the future (Rome), end not before start, at most 92 days.
export function checkCustomRange(startDate: string, endDate: string, now: Date = new Date()): RangeCheck {
  if (!startDate || !endDate) return { ok: false, error: UI.rangeMissing };
  if (!isCalendarDay(startDate) || !isCalendarDay(endDate)) return { ok: false, error: UI.rangeInvalid };
  const today = romeDay(now);
  if (startDate > today || endDate > today) return { ok: false, error: UI.rangeFuture };
  if (endDate < startDate) return { ok: false, error: T.endBeforeStart };
  const range = { startDate, endDate };
  if (rangeLength(range) > MAX_RANGE_DAYS) return { ok: false, error: UI.rangeTooLong(MAX_RANGE_DAYS) };
  return { ok: true, range };
}
