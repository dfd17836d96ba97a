import { describe, expect, it } from "vitest";
import { T } from "@shared/strings";
import { USAGE_TEXTS } from "@shared/texts/usage";
import { fillDays, linePoints } from "@web/features/usage/lib/daily-series";
import { axisDecimals, barFractions, fullDay, labelEvery, linePath, niceStep, niceTicks, shortDay, xLabelIndexes, yOf, type Box } from "@web/lib/chart-scale";
import {
  averageCost,
  budgetPercent,
  emptyUsageFilter,
  formatDuration,
  formatUsd,
  monthLabel,
  operationLabel,
  parseBudget,
  rangeError,
  USAGE_FILTER_MODELS,
  usageModelLabel,
  usageQuery,
  visibleItems,
} from "@web/features/usage/lib/usage-format";
import { queryKeys } from "@web/lib/query-keys";
import { urlFromQueryKey } from "@web/lib/api-client";

describe("usage figures", () => {
  it("shows costs in dollars with 4 decimals", () => {
    expect(formatUsd("0.00000000")).toBe("$0.0000");
    expect(formatUsd("0.00123456")).toBe("$0.0012");
    expect(formatUsd("12.34567890")).toBe("$12.3457");
    expect(formatUsd(null)).toBe("$0.0000");
    expect(formatUsd("abc")).toBe("$0.0000");
    expect(formatUsd(50, 2)).toBe("$50.00");
  });

  it("formats durations and averages", () => {
    expect(formatDuration(850)).toBe("850 ms");
    expect(formatDuration(1250)).toBe("1,3 s");
    expect(formatDuration(-1)).toBe("–");
    expect(averageCost("0.3", 4)).toBeCloseTo(0.075);
    expect(averageCost("0.3", 0)).toBe(0);
  });

  it("names operations and models in Italian", () => {
    expect(operationLabel("prompt_test")).toBe("Test prompt");
    expect(operationLabel("chat_response")).toBe("Risposta chat");
    expect(operationLabel("something_new")).toBe("something_new");
    expect(usageModelLabel("gpt-4-turbo")).toBe("GPT-4 Turbo");
    expect(usageModelLabel("offline")).toBe(USAGE_TEXTS.offlineModel);
  });

  it("offers the spec's model filter first, then the others and the offline responder", () => {
    expect(USAGE_FILTER_MODELS.slice(0, 3)).toEqual(["gpt-4", "gpt-4-turbo", "gpt-3.5-turbo"]);
    expect(USAGE_FILTER_MODELS).toContain("gpt-5");
    expect(USAGE_FILTER_MODELS[USAGE_FILTER_MODELS.length - 1]).toBe("offline");
  });

  it("lists the first 10 until 'Mostra tutti'", () => {
    const items = Array.from({ length: 25 }, (_, i) => i);
    expect(visibleItems(items, false)).toEqual(items.slice(0, 10));
    expect(visibleItems(items, true)).toHaveLength(25);
    expect(visibleItems(items.slice(0, 4), false)).toHaveLength(4);
  });
});

describe("usage filters", () => {
  it("defaults to 50 results and no filters", () => {
    expect(emptyUsageFilter()).toEqual({ startDate: "", endDate: "", model: "", operationType: "", limit: 50 });
    expect(usageQuery(emptyUsageFilter())).toEqual({ limit: 50 });
  });

  it("builds the query of GET /api/openai-usage", () => {
    const filter = { startDate: "2026-03-01", endDate: "2026-03-31", model: "gpt-4", operationType: "prompt_test", limit: 25 };
    expect(urlFromQueryKey(queryKeys.usageReport(usageQuery(filter)))).toBe(
      "/api/openai-usage?limit=25&startDate=2026-03-01&endDate=2026-03-31&model=gpt-4&operationType=prompt_test",
    );
  });

  it("refuses an end before the start", () => {
    expect(rangeError({ startDate: "2026-03-10", endDate: "2026-03-09" })).toBe(T.endBeforeStart);
    expect(rangeError({ startDate: "2026-03-10", endDate: "2026-03-10" })).toBeNull();
    expect(rangeError({ startDate: "", endDate: "2026-03-10" })).toBeNull();
  });
});

describe("monthly budget", () => {
  it("reads dollars with a dot or a comma", () => {
    expect(parseBudget("50")).toEqual({ ok: true, value: 50 });
    expect(parseBudget(" 12,5 ")).toEqual({ ok: true, value: 12.5 });
    expect(parseBudget("0.015")).toEqual({ ok: true, value: 0.02 });
    for (const bad of ["", "0", "-5", "abc", "1e3", "2000000"]) expect(parseBudget(bad), bad).toEqual({ ok: false, error: USAGE_TEXTS.budgetInvalid });
  });

  it("shows how much of the limit is used", () => {
    expect(budgetPercent("2.5", 10)).toBe(25);
    expect(budgetPercent("12", 10)).toBe(100);
    expect(budgetPercent("1", null)).toBeNull();
  });

  it("names the month in Italian", () => {
    expect(monthLabel("2026-03")).toBe("marzo 2026");
  });
});

describe("chart scaling", () => {
  it("picks round steps and ticks that cover the maximum", () => {
    expect(niceStep(0.0123)).toBeCloseTo(0.005);
    expect(niceTicks(0.0123)).toEqual([0, 0.005, 0.01, 0.015]);
    expect(niceTicks(4)).toEqual([0, 1, 2, 3, 4]);
    expect(niceTicks(7.3)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(0)).toEqual([0, 0.01]);
  });

  it("gives the axis enough decimals to tell ticks apart", () => {
    expect(axisDecimals(1)).toBe(2);
    expect(axisDecimals(0.005)).toBe(3);
    expect(axisDecimals(0.0001)).toBe(4);
  });

  it("fills the quiet days between used days with 0", () => {
    const days = fillDays([
      { day: "2026-03-30", totalCost: "0.50000000", requests: 2 },
      { day: "2026-04-02", totalCost: "0.25000000", requests: 1 },
    ]);
    expect(days.map((d) => [d.day, d.value])).toEqual([
      ["2026-03-30", 0.5],
      ["2026-03-31", 0],
      ["2026-04-01", 0],
      ["2026-04-02", 0.25],
    ]);
    expect(fillDays([])).toEqual([]);
  });

  it("places points in the plot, highest value at the top", () => {
    const box: Box = { width: 240, height: 120, left: 40, right: 0, top: 10, bottom: 10 };
    const points = linePoints(
      [
        { day: "a", value: 0, requests: 0 },
        { day: "b", value: 1, requests: 1 },
        { day: "c", value: 0.5, requests: 1 },
      ],
      1,
      box,
    );
    expect(points.map((p) => [p.x, p.y])).toEqual([
      [40, 110],
      [140, 10],
      [240, 60],
    ]);
    expect(linePath(points)).toBe("M40.0 110.0 L140.0 10.0 L240.0 60.0");
    expect(linePoints([{ day: "a", value: 2, requests: 1 }], 4, box)[0]).toMatchObject({ x: 140, y: 60 });
    expect(yOf(0, 0, box)).toBe(110);
  });

  it("sizes bars against the largest value and keeps small ones visible", () => {
    expect(barFractions([2, 1, 0])).toEqual([1, 0.5, 0]);
    expect(barFractions([100, 0.1])).toEqual([1, 0.02]);
    expect(barFractions([0, 0])).toEqual([0, 0]);
  });

  it("spaces the day labels so they do not collide", () => {
    expect(labelEvery(5, 400)).toBe(1);
    expect(labelEvery(30, 300)).toBe(5);
    expect(xLabelIndexes(5, 1)).toEqual([0, 1, 2, 3, 4]);
    expect(xLabelIndexes(30, 5)).toEqual([0, 5, 10, 15, 20, 25, 29]);
    expect(xLabelIndexes(27, 5)).toEqual([0, 5, 10, 15, 20, 26]);
    expect(shortDay("2026-03-05")).toBe("05/03");
    expect(fullDay("2026-03-05")).toBe("05/03/2026");
  });
});
