import { describe, expect, it } from "vitest";
import { T } from "@shared/strings";
import { CONVERSATION_TEXTS as TX } from "@shared/texts/conversations";
import { customRange, customRangeError, dayRange, presetRange } from "@web/features/conversations/lib/date-filter";

describe("date filter presets (Europe/Rome days)", () => {
  it("has no bounds for all dates", () => {
    expect(presetRange("all", new Date("2026-03-10T12:00:00Z"))).toEqual({});
  });

  it("covers today and yesterday from Rome midnight to the last millisecond", () => {
    const now = new Date("2026-01-15T08:00:00Z");
    expect(presetRange("today", now)).toEqual({ from: "2026-01-14T23:00:00.000Z", to: "2026-01-15T22:59:59.999Z" });
    expect(presetRange("yesterday", now)).toEqual({ from: "2026-01-13T23:00:00.000Z", to: "2026-01-14T22:59:59.999Z" });
  });

  it("uses the Rome day, not the UTC one, just after midnight", () => {
    // 23:30 UTC on 14 July is already 15 July in Rome (UTC+2).
    expect(presetRange("today", new Date("2026-07-14T23:30:00Z"))).toEqual({
      from: "2026-07-14T22:00:00.000Z",
      to: "2026-07-15T21:59:59.999Z",
    });
  });

  it("gives the daylight-saving days their true length", () => {
    const spring = dayRange("2026-03-29");
    expect(Date.parse(spring.to) + 1 - Date.parse(spring.from)).toBe(23 * 3600_000);
    const autumn = dayRange("2026-10-25");
    expect(Date.parse(autumn.to) + 1 - Date.parse(autumn.from)).toBe(25 * 3600_000);
  });
});

describe("custom date range", () => {
  const now = new Date("2026-03-10T12:00:00Z");

  it("needs both dates", () => {
    expect(customRangeError("", "2026-03-01", now)).toBe(TX.dateMissing);
    expect(customRangeError("2026-03-01", "", now)).toBe(TX.dateMissing);
  });

  it("refuses future dates, on the Rome calendar", () => {
    expect(customRangeError("2026-03-01", "2026-03-11", now)).toBe(TX.dateFuture);
    expect(customRangeError("2026-03-11", "2026-03-11", now)).toBe(TX.dateFuture);
    // At 23:30 UTC on the 10th it is already the 11th in Rome.
    expect(customRangeError("2026-03-11", "2026-03-11", new Date("2026-03-10T23:30:00Z"))).toBeNull();
  });

  it("refuses an end before the start", () => {
    expect(customRangeError("2026-03-05", "2026-03-04", now)).toBe(T.endBeforeStart);
  });

  it("spans from the start day's midnight to the end day's last millisecond", () => {
    expect(customRange("2026-03-01", "2026-03-10", now)).toEqual({
      range: { from: "2026-02-28T23:00:00.000Z", to: "2026-03-10T22:59:59.999Z" },
    });
    expect(customRange("2026-03-04", "2026-03-04", now)).toEqual({
      range: { from: "2026-03-03T23:00:00.000Z", to: "2026-03-04T22:59:59.999Z" },
    });
    expect(customRange("2026-03-05", "2026-03-04", now)).toEqual({ error: T.endBeforeStart });
  });
});
