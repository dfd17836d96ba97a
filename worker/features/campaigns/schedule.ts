import { addDays, romeClock, romeDayOf, romeInstant } from "@shared/calendar-time";
import { CAMPAIGN, type TriggerUnit } from "@shared/schemas/campaigns";

export interface StepTrigger {
  triggerType: string;
  triggerValue: number | null;
  triggerUnit: string | null;
  triggerDate: Date | null;
}

export interface PreferredTime {
  preferredHour: number | null;
  preferredMinute: number;
}

const UNIT_MS: Record<TriggerUnit, number> = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 };

// The same Rome wall-clock time n calendar days later, so "after 1 day" keeps its hour across a DST change.
function addRomeDays(at: Date, n: number): Date {
  const { hour, minute } = romeClock(at);
  return new Date(romeInstant(addDays(romeDayOf(at), n), hour, minute).getTime() + (at.getTime() % 60_000));
}

// When a step is due. `after` is the previous step's execution, or the start of the run for the first step.
// - immediate: at `after`; absolute: at its date (a past date is due at once).
// - relative: N minutes or hours later, or N Rome calendar days later at the same time.
// - A relative delay over 24 hours (nominal: N × unit) takes the campaign's preferred hour and minute
//   (Europe/Rome) on the Rome day it falls on; if that would bring it within 24 hours of `after`, it
//   takes the next day's. With no preferred hour nothing moves.
export function stepDueAt(step: StepTrigger, after: Date, preferred: PreferredTime): Date {
  if (step.triggerType === "absolute") return step.triggerDate ?? after;
  if (step.triggerType !== "relative" || !step.triggerValue || !(step.triggerUnit && step.triggerUnit in UNIT_MS)) return after;
  const unit = step.triggerUnit as TriggerUnit;
  const delayMs = step.triggerValue * UNIT_MS[unit];
  const due = unit === "days" ? addRomeDays(after, step.triggerValue) : new Date(after.getTime() + delayMs);
  if (preferred.preferredHour === null || delayMs <= CAMPAIGN.snapAboveMs) return due;
  const day = romeDayOf(due);
  const snapped = romeInstant(day, preferred.preferredHour, preferred.preferredMinute);
  if (snapped.getTime() > after.getTime() + CAMPAIGN.snapAboveMs) return snapped;
  return romeInstant(addDays(day, 1), preferred.preferredHour, preferred.preferredMinute);
}
