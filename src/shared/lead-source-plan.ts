// When a lead source's planned sends fall: on each day its plan allows (every day, the selected
// weekdays, or one date; within startDate..endDate), the campaign slot at calendarHour:calendarMinute
// (the source's template to leads not yet contacted) and each talking schedule's slot (its message),
// as Europe/Rome wall-clock times, so 09:00 stays 09:00 across DST. Shared by the cron and the dialog.
import { addDays, romeDayOf, romeInstant, weekdayOf } from "./calendar-time";

export interface SourcePlan {
  calendarType: string | null;
  calendarHour: number;
  calendarMinute: number;
  selectedDays: readonly number[];
  startDate: string | null;
  endDate: string | null;
  specificDate: string | null;
  talkingSchedules: readonly { hour: number; minute: number; message: string }[];
}

export interface PlannedSend {
  at: Date;
  // "campaign", or "talk:<index>" for a talking schedule.
  key: string;
}

// A year ahead is as far as a plan is looked at (a weekly plan on one weekday still finds its day).
const HORIZON_DAYS = 370;

function planDays(plan: SourcePlan, fromDay: string): (day: string) => boolean {
  const inRange = (day: string) => (!plan.startDate || day >= plan.startDate) && (!plan.endDate || day <= plan.endDate);
  switch (plan.calendarType) {
    case "daily":
      return inRange;
    case "weekly":
      return (day) => inRange(day) && plan.selectedDays.includes(weekdayOf(day));
    case "specific":
      return (day) => day === plan.specificDate && day >= fromDay;
    default:
      return () => false;
  }
}

function slotsOf(plan: SourcePlan, day: string): PlannedSend[] {
  return [
    { at: romeInstant(day, plan.calendarHour, plan.calendarMinute), key: "campaign" },
    ...plan.talkingSchedules.map((t, i) => ({ at: romeInstant(day, t.hour, t.minute), key: `talk:${i}` })),
  ];
}

// The plan's sends at or after `from` (strictly after when `after` is set), earliest first, up to limit.
export function plannedSends(plan: SourcePlan, from: Date, limit: number, after = false): PlannedSend[] {
  const firstDay = romeDayOf(from);
  const allowed = planDays(plan, firstDay);
  const out: PlannedSend[] = [];
  for (let i = 0, day = firstDay; i < HORIZON_DAYS && out.length < limit; i++, day = addDays(day, 1)) {
    if (plan.endDate && day > plan.endDate) break;
    if (plan.calendarType === "specific" && plan.specificDate && day > plan.specificDate) break;
    if (!allowed(day)) continue;
    for (const s of slotsOf(plan, day).sort((a, b) => a.at.getTime() - b.at.getTime())) {
      if (after ? s.at > from : s.at >= from) out.push(s);
    }
  }
  return out.sort((a, b) => a.at.getTime() - b.at.getTime()).slice(0, limit);
}

// The sends due at one instant (several slots may share it).
export function sendsAt(plan: SourcePlan, at: Date): PlannedSend[] {
  return plannedSends(plan, at, 50).filter((s) => s.at.getTime() === at.getTime());
}
