import type { JobMessage } from "@shared/jobs";
import type { Db } from "../db/client";
import { dueReminders, sendReminders } from "../features/calendar/reminders";

// Cron: one job per event occurrence whose WhatsApp reminder is due. Overlapping runs may queue the
// same occurrence twice; the consumer claims each number before sending, so it goes out once.
export async function dueCalendarReminderJobs(db: Db, now: Date): Promise<JobMessage[]> {
  return (await dueReminders(db, now)).map((r) => ({
    kind: "calendar.reminder",
    eventId: r.eventId,
    occurrenceStart: r.occurrenceStart,
    idempotencyKey: `calendar.reminder:${r.eventId}:${r.occurrenceStart}`,
  }));
}

export function runCalendarReminder(env: Env, db: Db, job: { eventId: string; occurrenceStart: number }) {
  return sendReminders(env, db, job);
}
