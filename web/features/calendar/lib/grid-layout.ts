import { addDays, daysBetween, effectiveEnd, romeClock, romeDayOf } from "@shared/calendar-time";
import { type ApiCalendarOccurrence, CALENDAR } from "@shared/schemas/calendar";

export const GRID_MINUTES = CALENDAR.gridHours * 60;
// An event without an end is drawn as half an hour.
const POINT_MINUTES = 30;

// Wall-clock minutes of an instant counted from midnight of a Rome day (negative before it, past 1440 after).
export function wallMinutes(at: string | Date, day: string): number {
  const clock = romeClock(at);
  return daysBetween(day, romeDayOf(at)) * 1440 + clock.hour * 60 + clock.minute;
}

export interface PlacedEvent {
  occurrence: ApiCalendarOccurrence;
  // Minutes from the top of the column, and how many it spans.
  top: number;
  height: number;
  lane: number;
  lanes: number;
}

export interface TimeGridLayout {
  columns: Map<string, PlacedEvent[]>;
  // Per day: all-day events and events outside the visible hours, listed above the grid.
  strip: Map<string, ApiCalendarOccurrence[]>;
}

// Each column is one Rome day and shows 18 of its hours from the start hour; when the start is late
// the rows wrap round to the same day's early hours (09:00 … 23:00, then 00:00 … 02:00).
// A segment of that day [from, to) in wall minutes becomes up to two blocks, as offsets into the grid.
export function gridSegments(from: number, to: number, startHour: number): { top: number; height: number }[] {
  const start = startHour * 60;
  const windows = [
    { lo: start, hi: Math.min(1440, start + GRID_MINUTES), shift: -start },
    { lo: 0, hi: Math.max(0, start + GRID_MINUTES - 1440), shift: 1440 - start },
  ];
  const out: { top: number; height: number }[] = [];
  for (const w of windows) {
    const lo = Math.max(from, w.lo);
    const hi = Math.min(to, w.hi);
    if (hi > lo) out.push({ top: lo + w.shift, height: hi - lo });
  }
  return out;
}

export function layoutTimeGrid(days: readonly string[], startHour: number, occurrences: readonly ApiCalendarOccurrence[]): TimeGridLayout {
  const columns = new Map<string, PlacedEvent[]>(days.map((d) => [d, []]));
  const strip = new Map<string, ApiCalendarOccurrence[]>(days.map((d) => [d, []]));
  for (const o of occurrences) {
    const startDay = romeDayOf(o.startDate);
    if (o.isAllDay) {
      strip.get(startDay)?.push(o);
      continue;
    }
    let shown = false;
    for (const day of days) {
      const from = wallMinutes(o.startDate, day);
      const to = o.endDate && Date.parse(o.endDate) > Date.parse(o.startDate) ? wallMinutes(o.endDate, day) : from + POINT_MINUTES;
      // Only the part of the event that falls on this day belongs to its column.
      for (const segment of gridSegments(Math.max(0, from), Math.min(1440, to), startHour)) {
        columns.get(day)!.push({ occurrence: o, top: segment.top, height: Math.max(segment.height, 20), lane: 0, lanes: 1 });
        shown = true;
      }
    }
    if (!shown) strip.get(startDay)?.push(o);
  }
  for (const placed of columns.values()) assignLanes(placed);
  return { columns, strip };
}

// Overlapping events share the column side by side: each cluster of overlaps gets as many lanes as it needs.
function assignLanes(placed: PlacedEvent[]) {
  placed.sort((a, b) => a.top - b.top || b.height - a.height);
  let cluster: PlacedEvent[] = [];
  let laneEnds: number[] = [];
  let clusterEnd = -1;
  const close = () => {
    for (const p of cluster) p.lanes = laneEnds.length;
    cluster = [];
    laneEnds = [];
  };
  for (const p of placed) {
    if (p.top >= clusterEnd) close();
    let lane = laneEnds.findIndex((end) => end <= p.top);
    if (lane === -1) {
      lane = laneEnds.length;
      laneEnds.push(0);
    }
    laneEnds[lane] = p.top + p.height;
    p.lane = lane;
    cluster.push(p);
    clusterEnd = Math.max(clusterEnd, p.top + p.height);
  }
  close();
}

// The Rome days an occurrence touches (a multi-day event shows on each of them in the month view).
export function daysCovered(o: ApiCalendarOccurrence): string[] {
  const first = romeDayOf(o.startDate);
  const end = effectiveEnd({ start: new Date(o.startDate), end: o.endDate ? new Date(o.endDate) : null }, o.isAllDay);
  const last = romeDayOf(new Date(end.getTime() - 1));
  const out: string[] = [];
  for (let d = first; d <= last && out.length < 62; d = addDays(d, 1)) out.push(d);
  return out;
}

export function eventsByDay(occurrences: readonly ApiCalendarOccurrence[]): Map<string, ApiCalendarOccurrence[]> {
  const byDay = new Map<string, ApiCalendarOccurrence[]>();
  for (const o of occurrences) {
    for (const day of daysCovered(o)) {
      const list = byDay.get(day) ?? [];
      list.push(o);
      byDay.set(day, list);
    }
  }
  return byDay;
}

// A month cell lists at most two titles and counts the rest.
export function monthCell(events: readonly ApiCalendarOccurrence[] | undefined): { shown: ApiCalendarOccurrence[]; more: number } {
  const list = events ?? [];
  return { shown: list.slice(0, CALENDAR.monthCellMax), more: Math.max(0, list.length - CALENDAR.monthCellMax) };
}

// Where the red "now" line sits in today's column, or null when now is outside its visible hours.
export function nowOffset(now: Date, day: string, startHour: number): number | null {
  const minute = wallMinutes(now, day);
  if (minute < 0 || minute >= 1440) return null;
  return gridSegments(minute, minute + 1, startHour)[0]?.top ?? null;
}
