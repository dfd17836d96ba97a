import { describe, expect, it } from "vitest";
import { stepDueAt, type StepTrigger } from "@worker/features/campaigns/schedule";

const immediate: StepTrigger = { triggerType: "immediate", triggerValue: null, triggerUnit: null, triggerDate: null };
const after = (triggerValue: number, triggerUnit: string): StepTrigger => ({ triggerType: "relative", triggerValue, triggerUnit, triggerDate: null });
const noPreference = { preferredHour: null, preferredMinute: 0 };
const at = (iso: string) => new Date(iso);
const due = (step: StepTrigger, from: string, preferred: { preferredHour: number | null; preferredMinute: number } = noPreference) =>
  stepDueAt(step, at(from), preferred).toISOString();

describe("funnel step scheduling", () => {
  it("sends an immediate step at once, counted from the previous step", () => {
    expect(due(immediate, "2026-05-04T08:00:00.000Z")).toBe("2026-05-04T08:00:00.000Z");
    // A preferred hour does not move an immediate step.
    expect(due(immediate, "2026-05-04T08:00:00.000Z", { preferredHour: 18, preferredMinute: 0 })).toBe("2026-05-04T08:00:00.000Z");
  });

  it("sends an absolute step at its date, and a past date at once", () => {
    const step = { ...immediate, triggerType: "absolute", triggerDate: at("2026-06-01T07:30:00.000Z") };
    expect(due(step, "2026-05-04T08:00:00.000Z", { preferredHour: 9, preferredMinute: 0 })).toBe("2026-06-01T07:30:00.000Z");
    expect(due(step, "2026-07-01T08:00:00.000Z")).toBe("2026-06-01T07:30:00.000Z");
  });

  it("adds minutes and hours as exact durations", () => {
    expect(due(after(30, "minutes"), "2026-05-04T08:00:00.000Z")).toBe("2026-05-04T08:30:00.000Z");
    expect(due(after(5, "hours"), "2026-05-04T08:00:00.000Z")).toBe("2026-05-04T13:00:00.000Z");
    // Exactly 24 hours is not "over 24 hours": no snap to the preferred hour.
    expect(due(after(24, "hours"), "2026-05-04T08:00:00.000Z", { preferredHour: 9, preferredMinute: 0 })).toBe("2026-05-05T08:00:00.000Z");
    expect(due(after(1, "days"), "2026-05-04T08:12:34.000Z", { preferredHour: 9, preferredMinute: 0 })).toBe("2026-05-05T08:12:34.000Z");
  });

  it("adds days as Rome calendar days at the same wall-clock time, across both DST changes", () => {
    // Friday 27 March 2026, 10:00 in Rome (UTC+1); summer time starts on Sunday the 29th.
    expect(due(after(2, "days"), "2026-03-27T09:00:00.000Z")).toBe("2026-03-29T08:00:00.000Z");
    // Saturday 24 October 2026, 10:00 in Rome (UTC+2); winter time starts on Sunday the 25th.
    expect(due(after(1, "days"), "2026-10-24T08:00:00.000Z")).toBe("2026-10-25T09:00:00.000Z");
    // Hours stay hours: 24 of them on the short day end at 11:00 Rome time.
    expect(due(after(24, "hours"), "2026-03-28T09:00:00.000Z")).toBe("2026-03-29T09:00:00.000Z");
  });

  it("snaps a delay over 24 hours to the preferred hour and minute on the Rome day it falls on", () => {
    // Monday 4 May 2026, 17:00 Rome + 2 days → Wednesday, at 09:00 Rome (07:00 UTC).
    expect(due(after(2, "days"), "2026-05-04T15:00:00.000Z", { preferredHour: 9, preferredMinute: 0 })).toBe("2026-05-06T07:00:00.000Z");
    // + 48 hours from 08:00 Rome → Wednesday 08:00, moved to 18:30 the same day.
    expect(due(after(48, "hours"), "2026-05-04T06:00:00.000Z", { preferredHour: 18, preferredMinute: 30 })).toBe("2026-05-06T16:30:00.000Z");
    // No preferred hour: nothing moves.
    expect(due(after(3, "days"), "2026-05-04T15:00:00.000Z")).toBe("2026-05-07T15:00:00.000Z");
  });

  it("never brings a snapped follow-up within 24 hours of the previous step: then it takes the next day", () => {
    // Monday 10:00 Rome + 25 hours = Tuesday 11:00; Tuesday 09:15 would be 23 hours later, so Wednesday 09:15.
    expect(due(after(25, "hours"), "2026-05-04T08:00:00.000Z", { preferredHour: 9, preferredMinute: 15 })).toBe("2026-05-06T07:15:00.000Z");
    // 25 October 2026 lasts 25 hours in Rome: from 00:10 + 1441 minutes is 23:11 the same day, whose 09:00 has passed.
    expect(due(after(1441, "minutes"), "2026-10-24T22:10:00.000Z", { preferredHour: 9, preferredMinute: 0 })).toBe("2026-10-26T08:00:00.000Z");
  });

  it("snaps correctly on the DST days themselves", () => {
    // 27 March 17:00 Rome (UTC+1) + 2 days → Sunday 29 March 09:00, already summer time (UTC+2).
    expect(due(after(2, "days"), "2026-03-27T16:00:00.000Z", { preferredHour: 9, preferredMinute: 0 })).toBe("2026-03-29T07:00:00.000Z");
    // 23 October 17:00 Rome (UTC+2) + 2 days → Sunday 25 October 09:00, winter time again (UTC+1).
    expect(due(after(2, "days"), "2026-10-23T15:00:00.000Z", { preferredHour: 9, preferredMinute: 0 })).toBe("2026-10-25T08:00:00.000Z");
    // 30 hours from Saturday 28 March 10:00 (UTC+1) → Sunday 17:00 summer time → snapped to 14:45 that Sunday.
    expect(due(after(30, "hours"), "2026-03-28T09:00:00.000Z", { preferredHour: 14, preferredMinute: 45 })).toBe("2026-03-29T12:45:00.000Z");
  });

  it("treats an incomplete relative trigger as immediate", () => {
    expect(due({ ...after(2, "days"), triggerUnit: null }, "2026-05-04T08:00:00.000Z")).toBe("2026-05-04T08:00:00.000Z");
    expect(due({ ...after(0, "hours") }, "2026-05-04T08:00:00.000Z")).toBe("2026-05-04T08:00:00.000Z");
  });
});
