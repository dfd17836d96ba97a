import { describe, expect, it } from "vitest";
import { axisDecimals, labelIndexes, niceStep, niceTicks, pointX, yOf, type Box } from "@web/lib/chart-scale";

const box: Box = { width: 300, height: 120, left: 40, right: 20, top: 10, bottom: 10 };

// Where the analytics and usage copies disagreed, the behaviour that keeps a chart readable wins.
describe("one chart scale for analytics and usage", () => {
  it("prints enough decimals to tell tiny cost ticks apart (up to 8, not 6)", () => {
    const ticks = niceTicks(0.0000008);
    expect(ticks).toEqual([0, 0.0000002, 0.0000004, 0.0000006, 0.0000008]);
    const decimals = axisDecimals(ticks[1]!);
    expect(decimals).toBe(7);
    expect(new Set(ticks.map((t) => t.toFixed(decimals))).size).toBe(ticks.length);
    expect(axisDecimals(1e-12)).toBe(8);
  });

  it("keeps a negative, missing or overflowing value on the plot's edge", () => {
    expect(yOf(-3, 10, box)).toBe(110);
    expect(yOf(Number.NaN, 10, box)).toBe(110);
    expect(yOf(Number.POSITIVE_INFINITY, 10, box)).toBe(110);
    expect(yOf(25, 10, box)).toBe(10);
    expect(yOf(5, 0, box)).toBe(110);
  });

  it("gives an empty series an axis: a count gets a step of 1, an amount a cent", () => {
    expect(niceStep(0, { integer: true })).toBe(1);
    expect(niceStep(0)).toBe(0.01);
    expect(niceTicks(0, { integer: true })).toEqual([0, 1]);
  });

  it("spreads points edge to edge, a single one in the middle", () => {
    expect([0, 1, 2].map((i) => pointX(i, 3, box))).toEqual([40, 160, 280]);
    expect(pointX(0, 1, box)).toBe(160);
    expect(labelIndexes(30, 240)).toEqual([0, 6, 12, 18, 24, 29]);
    expect(labelIndexes(0, 240)).toEqual([]);
  });
});
