// Calendar days and months as Italy sees them (Europe/Rome), for filters and reports on UTC timestamps.
export const ROME_TZ = "Europe/Rome";

const partsFormatter = new Intl.DateTimeFormat("en-US", {
  timeZone: ROME_TZ,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

function romeParts(ms: number) {
  const parts = Object.fromEntries(partsFormatter.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

// Milliseconds Rome is ahead of UTC at this instant (+1h in winter, +2h in summer).
function romeOffset(ms: number) {
  const p = romeParts(ms);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

const pad = (n: number) => String(n).padStart(2, "0");

// "yyyy-MM-dd" of the Rome calendar day containing this instant.
export function romeDay(at: Date | number): string {
  const p = romeParts(typeof at === "number" ? at : at.getTime());
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

// The UTC instant at which a Rome calendar day ("yyyy-MM-dd") begins.
export function romeDayStart(day: string): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d);
  let utc = wall - romeOffset(wall);
  // Near a DST change the first guess can be an hour off; one correction settles it.
  const corrected = wall - romeOffset(utc);
  if (corrected !== utc) utc = corrected;
  return new Date(utc);
}

// The Rome day after the given one, as "yyyy-MM-dd".
export function nextRomeDay(day: string): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1));
  return `${next.getUTCFullYear()}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`;
}

// Whether a "yyyy-MM-dd" string names a real calendar day.
export function isCalendarDay(day: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

// "yyyy-MM" of the Rome month containing this instant, and the instant it began.
export function romeMonth(at: Date | number): { month: string; start: Date } {
  const day = romeDay(at);
  const month = day.slice(0, 7);
  return { month, start: romeDayStart(`${month}-01`) };
}
