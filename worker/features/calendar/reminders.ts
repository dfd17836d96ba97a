import { formatInTimeZone } from "date-fns-tz";
import { occurrencesBetween } from "@shared/calendar-time";
import { ROME_TZ } from "@shared/rome-time";
import { CALENDAR } from "@shared/schemas/calendar";
import { CALENDAR_TEXTS as TX } from "@shared/texts/calendar";
import type { Db } from "@worker/db/client";
import { findAccount } from "../accounts/repo";
import { notifyClaimed } from "./notify";
import * as repo from "./repo";
import { seriesOf } from "./service";

const MINUTE_MS = 60_000;
const GRACE_MS = CALENDAR.reminderGraceMinutes * MINUTE_MS;
// A claim still "sending" after this long belongs to a worker that died mid-send.
const STALE_CLAIM_MS = 2 * MINUTE_MS;

export interface DueReminder {
  eventId: string;
  occurrenceStart: number;
}

// A reminder is due from `minutes` before the occurrence until it starts; when the cron ran late it
// still goes out up to the grace period after its time, never later than that once the event began.
export function isReminderDue(occurrenceStart: Date, minutes: number, now: Date): boolean {
  const remindAt = occurrenceStart.getTime() - minutes * MINUTE_MS;
  return remindAt <= now.getTime() && now.getTime() < Math.max(occurrenceStart.getTime(), remindAt + GRACE_MS);
}

// The occurrences whose reminder is due at `now` and not yet claimed for every number.
export async function dueReminders(db: Db, now: Date): Promise<DueReminder[]> {
  const candidates = (await repo.reminderCandidates(db, now, GRACE_MS)).filter((e) => e.notificationPhoneNumbers.length > 0);
  const due: { event: repo.CalendarEventRow; start: Date }[] = [];
  for (const event of candidates) {
    const lead = event.notificationMinutes * MINUTE_MS;
    const window = occurrencesBetween(seriesOf(event), new Date(now.getTime() - GRACE_MS), new Date(now.getTime() + lead + 1));
    for (const o of window) if (isReminderDue(o.start, event.notificationMinutes, now)) due.push({ event, start: o.start });
  }
  if (due.length === 0) return [];
  const claimed = new Set(
    (await repo.claimedReminders(db, [...new Set(due.map((d) => d.event.id))], new Date(now.getTime() - GRACE_MS))).map(
      (r) => `${r.eventId}|${r.occurrenceStart.getTime()}|${r.phoneNumber}`,
    ),
  );
  return due
    .filter(({ event, start }) => event.notificationPhoneNumbers.some((p) => !claimed.has(`${event.id}|${start.getTime()}|${p}`)))
    .map(({ event, start }) => ({ eventId: event.id, occurrenceStart: start.getTime() }));
}

function reminderTexts(event: repo.CalendarEventRow, start: Date) {
  const date = formatInTimeZone(start, ROME_TZ, "dd/MM/yyyy");
  const time = event.isAllDay ? null : formatInTimeZone(start, ROME_TZ, "HH:mm");
  return {
    freeText: TX.reminderFree(event.title, TX.reminderWhen(date, time), event.location),
    context: { event: { title: event.title, time: TX.reminderTemplateWhen(date, time) } },
  };
}

// Sends the reminder of one occurrence to each of the event's numbers. Each number is claimed
// before its message is queued, so overlapping cron runs and redelivered jobs send it once.
export async function sendReminders(env: Env, db: Db, job: DueReminder, now = new Date()) {
  const event = await repo.findEvent(db, job.eventId);
  if (!event || !event.notificationEnabled || event.notificationPhoneNumbers.length === 0) return;
  const start = new Date(job.occurrenceStart);
  // The event may have been moved or its series changed since the cron looked.
  const stillThere = occurrencesBetween(seriesOf(event), start, new Date(start.getTime() + 1)).some((o) => o.start.getTime() === start.getTime());
  if (!stillThere) return;
  if (now.getTime() >= start.getTime() + GRACE_MS) {
    console.warn("calendar: reminder too late, not sent", event.id, start.toISOString());
    return;
  }
  const account = await findAccount(db, event.twilioAccountId);
  if (!account) return;

  const texts = reminderTexts(event, start);
  for (const phone of event.notificationPhoneNumbers) {
    const claim = await repo.claimReminder(db, event.id, start, phone, now, STALE_CLAIM_MS);
    if (!claim) continue;
    const reminder = {
      phone,
      templateSid: event.notificationTemplateId,
      bindings: event.notificationVariables,
      context: texts.context,
      freeText: texts.freeText,
      key: `reminder:${event.id}:${start.getTime()}`,
    };
    await notifyClaimed(env, db, account, reminder, now, {
      finish: (values) => repo.finishReminder(db, claim.id, values),
      release: () => repo.releaseReminder(db, claim.id),
      skipped: ["calendar: reminder skipped", event.id],
    });
  }
  if (!event.isRecurring) {
    // Done only when every number is settled: a claim another run still holds may yet be given back.
    const settled = new Set((await repo.remindersOfOccurrence(db, event.id, start)).filter((r) => r.status !== "sending").map((r) => r.phoneNumber));
    if (event.notificationPhoneNumbers.every((p) => settled.has(p))) await repo.markReminded(db, event.id, start);
  }
}
