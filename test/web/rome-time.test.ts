import { describe, expect, it } from "vitest";
import { romeDayOf, romeInstant } from "@shared/calendar-time";
import { addDays, formatRomeDate, formatRomeDateTime, isCalendarDay, nextRomeDay, romeClock, romeDay, romeDayStart, romeFormatter, romeMonth, romeParts } from "@shared/rome-time";
import { romeDay as conversationRomeDay, shiftDay } from "@web/lib/conversation-format";

describe("Rome time, one implementation", () => {
  it("puts an instant on its Rome day, whatever the UTC day", () => {
    expect(romeDay(new Date("2026-03-09T23:30:00Z"))).toBe("2026-03-10"); // winter, +1
    expect(romeDay(Date.parse("2026-07-09T22:30:00Z"))).toBe("2026-07-10"); // summer, +2
    expect(romeDay("2026-07-09T21:59:59Z")).toBe("2026-07-09");
    expect(romeClock("2026-07-09T21:05:00Z")).toEqual({ hour: 23, minute: 5 });
    expect(romeParts("2026-01-02T00:04:05Z")).toEqual({ year: "2026", month: "01", day: "02", hour: "01", minute: "04", second: "05" });
  });

  it("starts a Rome day at Rome's midnight, across both DST changes", () => {
    expect(romeDayStart("2026-03-29").toISOString()).toBe("2026-03-28T23:00:00.000Z"); // the spring-forward day starts at +1
    expect(romeDayStart("2026-03-30").toISOString()).toBe("2026-03-29T22:00:00.000Z");
    expect(romeDayStart("2026-10-25").toISOString()).toBe("2026-10-24T22:00:00.000Z"); // the fall-back day starts at +2
    expect(romeDayStart("2026-10-26").toISOString()).toBe("2026-10-25T23:00:00.000Z");
    expect(romeInstant("2026-03-29", 10, 0).toISOString()).toBe("2026-03-29T08:00:00.000Z");
    expect(romeMonth(new Date("2026-03-31T22:30:00Z"))).toEqual({ month: "2026-04", start: new Date("2026-03-31T22:00:00.000Z") });
  });

  it("moves days without a time zone and checks that a day exists", () => {
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
    expect(nextRomeDay("2026-12-31")).toBe("2027-01-01");
    expect(isCalendarDay("2026-02-29")).toBe(false);
    expect(isCalendarDay("2028-02-29")).toBe(true);
    expect(isCalendarDay("2026-1-01")).toBe(false);
  });

  it("is the same function under the calendar's and the conversations' names", () => {
    expect(romeDayOf).toBe(romeDay);
    expect(conversationRomeDay).toBe(romeDay);
    expect(shiftDay).toBe(addDays);
  });

  it("formats dates for people with formatters built once", () => {
    expect(formatRomeDateTime("2026-03-10T10:00:00Z")).toBe("10/03/26, 11:00");
    expect(formatRomeDate("2026-03-09T23:30:00Z")).toBe("10/03/2026");
    expect(formatRomeDateTime(null)).toBe("");
    expect(formatRomeDate("non una data")).toBe("");
    expect(romeFormatter("it-IT", { dateStyle: "short" })).toBe(romeFormatter("it-IT", { dateStyle: "short" }));
    expect(romeFormatter("it-IT", { dateStyle: "short" }).resolvedOptions().timeZone).toBe("Europe/Rome");
  });
});
