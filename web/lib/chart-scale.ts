// The console's charts (analytics, usage): axis ticks, positions on the plot, paths and labels. Plain
// arithmetic rather than d3-scale, whose linear and point scales bring about 10 KB gzip (interpolators,
// number formats) into the dashboard's first load for what is a clamp and a division here.

// Round axis steps: 1, 2 or 5 times a power of ten. Counts never get a step below 1.
export function niceStep(max: number, { count = 4, integer = false }: { count?: number; integer?: boolean } = {}): number {
  if (!(max > 0) || !Number.isFinite(max)) return integer ? 1 : 0.01;
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const unit = raw / power;
  const step = (unit <= 1 ? 1 : unit <= 2 ? 2 : unit <= 5 ? 5 : 10) * power;
  return integer ? Math.max(1, Math.round(step)) : step;
}

// Ticks from 0 up to the first step at or above max; an empty series still gets an axis.
export function niceTicks(max: number, options: { count?: number; integer?: boolean } = {}): number[] {
  const step = niceStep(max, options);
  const top = max > 0 && Number.isFinite(max) ? Math.ceil(max / step - 1e-9) * step : step;
  const ticks: number[] = [];
  for (let i = 0; i * step <= top + step / 1e6; i++) ticks.push(Number((i * step).toPrecision(12)));
  return ticks;
}

// Enough decimals to tell the ticks apart, never fewer than 2 (dollars and cents), at most 8: a day of
// tiny model costs ($0.0000002 steps) still reads as distinct ticks, which a cap of 6 printed as equal.
export function axisDecimals(step: number): number {
  if (!(step > 0)) return 2;
  return Math.min(8, Math.max(2, Math.ceil(-Math.log10(step) - 1e-9)));
}

export interface Box {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export const plotWidth = (box: Box) => Math.max(0, box.width - box.left - box.right);
export const plotHeight = (box: Box) => Math.max(0, box.height - box.top - box.bottom);

// A value's share of the axis, clamped to [0, 1].
export function fraction(value: number, top: number): number {
  if (!(top > 0) || !Number.isFinite(value) || value <= 0) return 0;
  return Math.min(1, value / top);
}

// The y of a value on an axis from 0 to top: clamped, so a negative, missing or overflowing value sits on
// the axis's edge instead of leaving the plot (the usage chart let them out).
export function yOf(value: number, top: number, box: Box): number {
  return box.top + plotHeight(box) * (1 - fraction(value, top));
}

// Line charts: points spread edge to edge; a single point sits in the middle.
export function pointX(index: number, count: number, box: Box): number {
  const w = plotWidth(box);
  return box.left + (count <= 1 ? w / 2 : (index / (count - 1)) * w);
}

// Bar charts: one band per day, the bars of a day side by side and centred in it, never wider than maxBar.
export function band(index: number, count: number, box: Box, series: number, maxBar = 28) {
  const bandWidth = count > 0 ? plotWidth(box) / count : 0;
  const gap = Math.min(bandWidth * 0.25, 8);
  const barWidth = Math.max(1, Math.min(maxBar, (bandWidth - gap) / Math.max(1, series)));
  const center = box.left + (index + 0.5) * bandWidth;
  const start = center - (barWidth * Math.max(1, series)) / 2;
  return { center, barWidth, barX: (s: number) => start + s * barWidth };
}

// The SVG path through the points, rounded to tenths of a pixel.
export function linePath(points: readonly { x: number; y: number }[]): string {
  return points.map((p, i) => `${i === 0 ? "M" : "L"}${p.x.toFixed(1)} ${p.y.toFixed(1)}`).join(" ");
}

// How many labels apart the printed x labels are, so they do not collide.
export function labelEvery(count: number, width: number, labelWidth = 44): number {
  if (count <= 1) return 1;
  return Math.max(1, Math.ceil(count / Math.max(1, Math.floor(width / labelWidth))));
}

// Indexes of the x labels: every k-th, plus the last one in place of a crowded neighbour.
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

// Which x labels to print across a plot this wide.
export function labelIndexes(count: number, width: number, labelWidth = 44): number[] {
  return xLabelIndexes(count, labelEvery(count, width, labelWidth));
}

// Many days read better as lines than as slivers of bars.
export const MAX_BAR_DAYS = 31;
export function chartKind(days: number): "bar" | "line" {
  return days <= MAX_BAR_DAYS ? "bar" : "line";
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
