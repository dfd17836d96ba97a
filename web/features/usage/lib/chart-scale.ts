import { nextRomeDay } from "@shared/rome-time";

// Round axis steps: 1, 2 or 5 times a power of ten, so that ticks read $0.005, $0.01, $0.015.
export function niceStep(max: number, count = 4): number {
  if (!(max > 0) || !Number.isFinite(max)) return 0;
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const unit = raw / power;
  const nice = unit <= 1 ? 1 : unit <= 2 ? 2 : unit <= 5 ? 5 : 10;
  return nice * power;
}

// Ticks from 0 to at least max. With nothing spent the axis still has a top, so the line lies on 0.
export function niceTicks(max: number, count = 4): number[] {
  const step = niceStep(max, count) || 0.01;
  const top = max > 0 ? Math.ceil(max / step - 1e-9) * step : step;
  const ticks: number[] = [];
  for (let i = 0; i * step <= top + step / 1e6; i++) ticks.push(Number((i * step).toPrecision(12)));
  return ticks;
}

// Enough decimals to tell the ticks apart, never fewer than 2 (dollars and cents).
export function axisDecimals(step: number): number {
  if (!(step > 0)) return 2;
  return Math.min(8, Math.max(2, Math.ceil(-Math.log10(step) - 1e-9)));
}

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

export interface Box {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export interface LinePoint extends DayValue {
  x: number;
  y: number;
}

// Days spread evenly across the plot; a single day sits in the middle.
export function linePoints(series: readonly DayValue[], top: number, box: Box): LinePoint[] {
  const plotW = Math.max(0, box.width - box.left - box.right);
  const plotH = Math.max(0, box.height - box.top - box.bottom);
  return series.map((d, i) => ({
    ...d,
    x: box.left + (series.length === 1 ? plotW / 2 : (i / (series.length - 1)) * plotW),
    y: box.top + plotH - (top > 0 ? Math.min(1, d.value / top) : 0) * plotH,
  }));
}

export function yOf(value: number, top: number, box: Box): number {
  const plotH = Math.max(0, box.height - box.top - box.bottom);
  return box.top + plotH - (top > 0 ? Math.min(1, value / top) : 0) * plotH;
}

export function linePath(points: readonly { x: number; y: number }[]): string {
  return points.map((p, i) => `${i === 0 ? "M" : "L"}${p.x.toFixed(1)} ${p.y.toFixed(1)}`).join(" ");
}

// Which x labels to print so they do not collide: every k-th, always the last.
export function labelEvery(count: number, plotWidth: number, labelWidth = 44): number {
  if (count <= 1) return 1;
  const fits = Math.max(1, Math.floor(plotWidth / labelWidth));
  return Math.max(1, Math.ceil(count / fits));
}

// Bars as a share of the largest value; a non-zero value keeps a sliver so it stays visible.
export function barFractions(values: readonly number[]): number[] {
  const max = Math.max(0, ...values.map((v) => (Number.isFinite(v) ? v : 0)));
  return values.map((v) => (max > 0 && v > 0 ? Math.max(0.02, v / max) : 0));
}

// "2026-03-05" → "05/03".
export function shortDay(day: string): string {
  const [, m, d] = day.split("-");
  return m && d ? `${d}/${m}` : day;
}

// "2026-03-05" → "05/03/2026".
export function fullDay(day: string): string {
  const [y, m, d] = day.split("-");
  return y && m && d ? `${d}/${m}/${y}` : day;
}

// Indexes of the x labels: every k-th, plus the last one when it does not crowd the one before.
export function xLabelIndexes(count: number, every: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < count; i += every) out.push(i);
  const last = count - 1;
  if (last >= 0 && out[out.length - 1] !== last) {
    if (last - out[out.length - 1]! >= Math.ceil(every / 2)) out.push(last);
    else out[out.length - 1] = last;
  }
  return out;
}
