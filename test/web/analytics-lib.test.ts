import { describe, expect, it } from "vitest";
import { ANALYTICS_TEXTS as UI, SENTIMENT_CATEGORY_LABELS } from "@shared/texts/analytics";
import { T } from "@shared/strings";
import type { ApiMessage } from "@shared/schemas/conversations";
import type { TemplatePerformance } from "@shared/schemas/analytics";
import { band, chartKind, fraction, labelIndexes, niceTicks, pointX, yOf, type Box } from "@web/lib/chart-scale";
import { checkCustomRange, presetRange, rangeLength, shiftDay } from "@web/features/analytics/lib/date-range";
import { formatAxisPercent, formatPercent } from "@web/features/analytics/lib/format";
import { fullDay, shortDay } from "@web/lib/chart-scale";
import { categoryTone, quickChart } from "@web/features/analytics/lib/performance";
import { lastMessages, latestConversation, sampleMessages } from "@web/features/analytics/lib/preview";
import { orderSentiment, sentimentLabel, sentimentTotals } from "@web/features/analytics/lib/sentiment";
import { buildConversation, buildMessage } from "./fixtures";

describe("percent formatting", () => {
  it("shows one decimal, Italian style", () => {
    expect(formatPercent(12.345)).toBe("12,3%");
    expect(formatPercent(33.35)).toBe("33,4%");
    expect(formatPercent(0)).toBe("0,0%");
    expect(formatPercent(100)).toBe("100,0%");
    expect(formatPercent(Number.NaN)).toBe("0,0%");
    expect(formatPercent(null)).toBe("0,0%");
  });

  it("keeps axis ends short", () => {
    expect(formatAxisPercent(50)).toBe("50%");
    expect(formatAxisPercent(2.5)).toBe("2,5%");
  });

  it("writes days as dd/MM and dd/MM/yyyy", () => {
    expect(shortDay("2026-03-05")).toBe("05/03");
    expect(fullDay("2026-03-05")).toBe("05/03/2026");
  });
});

describe("chart scaling", () => {
  const box: Box = { width: 500, height: 220, left: 40, right: 10, top: 10, bottom: 30 };

  it("rounds the axis up to 1, 2 or 5 times a power of ten", () => {
    expect(niceTicks(7, { integer: true })).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(100)).toEqual([0, 50, 100]);
    expect(niceTicks(0.013)).toEqual([0, 0.005, 0.01, 0.015]);
    expect(niceTicks(3, { integer: true })).toEqual([0, 1, 2, 3]);
  });

  it("still has an axis when there is nothing to show", () => {
    expect(niceTicks(0, { integer: true })).toEqual([0, 1]);
    expect(niceTicks(0)).toEqual([0, 0.01]);
  });

  it("never uses fractional steps for counts", () => {
    for (const max of [1, 2, 3, 5, 9, 13, 40]) {
      for (const t of niceTicks(max, { integer: true })) expect(Number.isInteger(t)).toBe(true);
      expect(niceTicks(max, { integer: true }).at(-1)!).toBeGreaterThanOrEqual(max);
    }
  });

  it("maps values to the plot and clamps them", () => {
    expect(fraction(5, 10)).toBe(0.5);
    expect(fraction(20, 10)).toBe(1);
    expect(fraction(-1, 10)).toBe(0);
    expect(fraction(3, 0)).toBe(0);
    expect(yOf(0, 10, box)).toBe(190);
    expect(yOf(10, 10, box)).toBe(10);
    expect(yOf(5, 10, box)).toBe(100);
  });

  it("spreads points edge to edge and centres a single one", () => {
    expect(pointX(0, 3, box)).toBe(40);
    expect(pointX(2, 3, box)).toBe(490);
    expect(pointX(0, 1, box)).toBe(265);
  });

  it("puts the bars of a day side by side inside its band", () => {
    const b = band(1, 5, box, 2);
    expect(b.center).toBe(40 + 1.5 * 90);
    expect(b.barX(0)).toBeGreaterThan(40 + 90);
    expect(b.barX(1) + b.barWidth).toBeLessThanOrEqual(40 + 180);
    expect(b.barX(0) + b.barWidth).toBe(b.barX(1));
    expect((b.barX(0) + b.barX(1) + b.barWidth) / 2).toBe(b.center);
  });

  it("keeps bars slim when there are few days", () => {
    const b = band(0, 2, { ...box, width: 1000 }, 2);
    expect(b.barWidth).toBe(28);
    expect(band(0, 90, box, 2).barWidth).toBeLessThan(3);
  });

  it("labels few enough days not to collide, always the last", () => {
    const idx = labelIndexes(90, 300);
    expect(idx.length).toBeLessThanOrEqual(Math.floor(300 / 44) + 1);
    expect(idx.at(-1)).toBe(89);
    expect(labelIndexes(7, 800)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(labelIndexes(0, 800)).toEqual([]);
  });

  it("draws bars up to a month and lines beyond", () => {
    expect(chartKind(7)).toBe("bar");
    expect(chartKind(31)).toBe("bar");
    expect(chartKind(32)).toBe("line");
  });
});

describe("date-range presets in Rome days", () => {
  it("ends on today's Rome day, whatever the UTC date", () => {
    // 22:30 UTC on 29 March 2026 is already 00:30 on the 30th in Rome (summer time began that night).
    expect(presetRange(7, new Date("2026-03-29T22:30:00Z"))).toEqual({ startDate: "2026-03-24", endDate: "2026-03-30" });
    // 23:30 UTC on 31 December is 00:30 on 1 January in Rome.
    expect(presetRange(30, new Date("2025-12-31T23:30:00Z"))).toEqual({ startDate: "2025-12-03", endDate: "2026-01-01" });
  });

  it("covers exactly n days, today included", () => {
    const now = new Date("2026-05-15T10:00:00Z");
    for (const n of [7, 30, 90]) expect(rangeLength(presetRange(n, now))).toBe(n);
  });

  it("moves days across months and leap years", () => {
    expect(shiftDay("2028-03-01", -1)).toBe("2028-02-29");
    expect(shiftDay("2026-01-31", 1)).toBe("2026-02-01");
  });

  it("checks a custom range", () => {
    const now = new Date("2026-05-15T10:00:00Z");
    expect(checkCustomRange("", "2026-05-10", now)).toEqual({ ok: false, error: UI.rangeMissing });
    expect(checkCustomRange("2026-02-30", "2026-03-01", now)).toEqual({ ok: false, error: UI.rangeInvalid });
    expect(checkCustomRange("2026-05-10", "2026-05-16", now)).toEqual({ ok: false, error: UI.rangeFuture });
    expect(checkCustomRange("2026-05-10", "2026-05-09", now)).toEqual({ ok: false, error: T.endBeforeStart });
    expect(checkCustomRange("2026-02-12", "2026-05-15", now)).toEqual({ ok: false, error: UI.rangeTooLong(92) });
    expect(checkCustomRange("2026-02-13", "2026-05-15", now)).toEqual({ ok: true, range: { startDate: "2026-02-13", endDate: "2026-05-15" } });
    expect(checkCustomRange("2026-05-15", "2026-05-15", now)).toEqual({ ok: true, range: { startDate: "2026-05-15", endDate: "2026-05-15" } });
  });

  it("takes today from Rome at night, not from UTC", () => {
    // 22:30 UTC on 14 May is already the 15th in Rome: the 15th is not in the future.
    const lateNight = new Date("2026-05-14T22:30:00Z");
    expect(checkCustomRange("2026-05-15", "2026-05-15", lateNight).ok).toBe(true);
  });
});

describe("sentiment labels", () => {
  it("names the five categories in Italian", () => {
    const labels = { product: "Prodotto", service: "Servizio", price: "Prezzo", experience: "Esperienza", other: "Altro", Price: SENTIMENT_CATEGORY_LABELS.price, consegna: "Consegna", " ": "Altro" };
    for (const [category, label] of Object.entries(labels)) expect(sentimentLabel(category), category).toBe(label);
  });

  it("orders the known categories first and drops empty groups", () => {
    const g = (category: string, pos: number, neg: number) => ({
      category,
      positive: Array.from({ length: pos }, (_, i) => ({ item: `p${i}`, count: 2 })),
      negative: Array.from({ length: neg }, (_, i) => ({ item: `n${i}`, count: 1 })),
    });
    const ordered = orderSentiment([g("other", 1, 0), g("zeta", 1, 1), g("price", 0, 2), g("empty", 0, 0), g("product", 1, 0)]);
    expect(ordered.map((x) => x.category)).toEqual(["product", "price", "other", "zeta"]);
    expect(sentimentTotals(ordered)).toEqual({ positive: 6, negative: 3 });
  });
});

describe("'Analytics Rapide'", () => {
  const perf = (templateName: string, conversionRate: number, category: string | null): TemplatePerformance => ({
    templateId: templateName,
    templateName,
    conversionRate,
    category,
    started: 10,
    converted: Math.round(conversionRate / 10),
    revenue: 0,
  });

  it("colours the three business categories and leaves the rest neutral", () => {
    expect(categoryTone("loans")).toBe("loans");
    expect(categoryTone("stationery")).toBe("stationery");
    expect(categoryTone("agency")).toBe("agency");
    expect(categoryTone("ecommerce")).toBe("other");
    expect(categoryTone(null)).toBe("other");
  });

  it("rounds the axis up and caps it at 100%", () => {
    expect(quickChart([perf("a", 37.5, "loans")]).top).toBe(40);
    expect(quickChart([perf("a", 100, "loans")]).top).toBe(100);
    expect(quickChart([perf("a", 0, "loans")]).top).toBe(100);
  });

  it("shows the first eight and counts the rest", () => {
    const many = Array.from({ length: 11 }, (_, i) => perf(`t${i}`, 50 - i, i % 2 ? "agency" : "services"));
    const chart = quickChart(many);
    expect(chart.shown).toHaveLength(8);
    expect(chart.hidden).toBe(3);
    expect(new Set(chart.tones)).toEqual(new Set(["agency", "other"]));
  });
});

describe("'Preview Test'", () => {
  const conv = (id: string, lastMessageAt: string | null, createdAt: string) => buildConversation({ id, lastMessageAt, createdAt });
  const msg = (id: string, createdAt: string, isFromBot: boolean, sender: ApiMessage["sender"] = isFromBot ? "ai" : "customer") =>
    buildMessage({ id, createdAt, isFromBot, sender, content: `m${id}` });

  it("picks the conversation with the latest activity", () => {
    const list = [conv("a", "2026-05-01T10:00:00Z", "2026-04-01T00:00:00Z"), conv("b", null, "2026-05-02T00:00:00Z"), conv("c", "2026-04-30T00:00:00Z", "2026-04-01T00:00:00Z")];
    expect(latestConversation(list)?.id).toBe("b");
    expect(latestConversation([])).toBeNull();
    expect(latestConversation(undefined)).toBeNull();
  });

  it("keeps the last three messages, oldest first, without system notes", () => {
    const messages = [
      msg("1", "2026-05-01T10:00:00Z", true),
      msg("4", "2026-05-01T10:03:00Z", false),
      msg("2", "2026-05-01T10:01:00Z", false),
      msg("5", "2026-05-01T10:04:00Z", false, "system"),
      msg("3", "2026-05-01T10:02:00Z", true),
    ];
    expect(lastMessages(messages).map((m) => [m.id, m.isFromBot])).toEqual([
      ["2", false],
      ["3", true],
      ["4", false],
    ]);
    expect(lastMessages(undefined)).toEqual([]);
  });

  it("has three sample messages, the bot first", () => {
    const sample = sampleMessages();
    expect(sample).toHaveLength(3);
    expect(sample.map((m) => m.isFromBot)).toEqual([true, false, true]);
  });
});
