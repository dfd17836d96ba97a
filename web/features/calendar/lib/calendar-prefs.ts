import { useCallback, useState } from "react";
import { CALENDAR_VIEWS, type CalendarView, isCalendarDayString } from "@shared/calendar-time";
import { CALENDAR, CALENDAR_STORAGE_KEYS as KEYS } from "@shared/schemas/calendar";

// What the calendar remembers in the browser between visits: view mode, current date, grid start hour.
export interface CalendarPrefs {
  view: CalendarView;
  date: string;
  startHour: number;
}

function safeGet(storage: Storage | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null; // storage disabled (private mode, policy)
  }
}

export function readPrefs(storage: Storage | undefined, today: string): CalendarPrefs {
  const view = safeGet(storage, KEYS.view);
  const date = safeGet(storage, KEYS.date);
  const hour = Number(safeGet(storage, KEYS.weekStartHour) ?? Number.NaN);
  return {
    view: CALENDAR_VIEWS.includes(view as CalendarView) ? (view as CalendarView) : CALENDAR.defaultView,
    date: date && isCalendarDayString(date) ? date : today,
    startHour: Number.isInteger(hour) && hour >= 0 && hour <= 23 ? hour : CALENDAR.defaultWeekStartHour,
  };
}

export function writePrefs(storage: Storage | undefined, prefs: CalendarPrefs) {
  try {
    storage?.setItem(KEYS.view, prefs.view);
    storage?.setItem(KEYS.date, prefs.date);
    storage?.setItem(KEYS.weekStartHour, String(prefs.startHour));
  } catch {
    // Not remembered, still usable.
  }
}

const browserStorage = () => (typeof window === "undefined" ? undefined : window.localStorage);

export function useCalendarPrefs(today: string): [CalendarPrefs, (patch: Partial<CalendarPrefs>) => void] {
  const [prefs, setPrefs] = useState(() => readPrefs(browserStorage(), today));
  const update = useCallback((patch: Partial<CalendarPrefs>) => {
    setPrefs((current) => {
      const next = { ...current, ...patch };
      writePrefs(browserStorage(), next);
      return next;
    });
  }, []);
  return [prefs, update];
}
