import { nextRomeDay } from "@shared/rome-time";
import { pointX, yOf, type Box } from "@web/lib/chart-scale";

export interface DayValue {
  day: string;
  value: number;
  requests: number;
}

// byDay lists only days with usage; the line needs the quiet days between them at 0.
export function fillDays(days: readonly { day: string; totalCost: string; requests: number }[], maxDays = 400): DayValue[] {
  if (days.length === 0) return [];
  const byDay = new Map(days.map((d) => [d.day, d]));
  const sorted = [...byDay.keys()].sort();
  const out: DayValue[] = [];
  for (let day = sorted[0]!; day <= sorted[sorted.length - 1]! && out.length < maxDays; day = nextRomeDay(day)) {
    const d = byDay.get(day);
    out.push({ day, value: d ? Number(d.totalCost) || 0 : 0, requests: d?.requests ?? 0 });
  }
  return out;
}

export interface LinePoint extends DayValue {
  x: number;
  y: number;
}

// Days spread evenly across the plot; a single day sits in the middle.
export function linePoints(series: readonly DayValue[], top: number, box: Box): LinePoint[] {
  return series.map((d, i) => ({ ...d, x: pointX(i, series.length, box), y: yOf(d.value, top, box) }));
}
