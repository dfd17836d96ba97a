import { CONVERSATION_TEXTS as TX } from "@shared/texts/conversations";
import { T } from "@shared/strings";
import { addDays as shiftDay, romeDay, romeInstant } from "@shared/rome-time";

export type DatePreset = "all" | "today" | "yesterday" | "custom";

export interface DateRange {
  from?: string;
  to?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

// A Rome day as an inclusive UTC range; the server compares with >= from and <= to.
export function dayRange(startDay: string, endDay: string = startDay): Required<DateRange> {
  const from = romeInstant(startDay);
  const nextStart = romeInstant(shiftDay(endDay, 1));
  return { from: from.toISOString(), to: new Date(nextStart.getTime() - 1).toISOString() };
}

export function presetRange(preset: Exclude<DatePreset, "custom">, now: Date = new Date()): DateRange {
  const today = romeDay(now);
  if (preset === "today") return dayRange(today);
  if (preset === "yesterday") return dayRange(shiftDay(today, -1));
  return {};
}

// The custom range: both days, none in the future (Rome), the end not before the start.
export function customRangeError(start: string, end: string, now: Date = new Date()): string | null {
  if (!DAY.test(start) || !DAY.test(end)) return TX.dateMissing;
  const today = romeDay(now);
  if (start > today || end > today) return TX.dateFuture;
  if (end < start) return T.endBeforeStart;
  return null;
}

export function customRange(start: string, end: string, now: Date = new Date()): { range: DateRange } | { error: string } {
  const error = customRangeError(start, end, now);
  return error ? { error } : { range: dayRange(start, end) };
}
