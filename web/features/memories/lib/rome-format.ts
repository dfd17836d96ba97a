import { ROME_TZ } from "@shared/rome-time";

const dateTime = new Intl.DateTimeFormat("it-IT", { timeZone: ROME_TZ, dateStyle: "short", timeStyle: "short" });

// Times are stored in UTC and read in Italy.
export function romeDateTime(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : dateTime.format(date);
}
