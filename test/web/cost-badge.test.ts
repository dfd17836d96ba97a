import { describe, expect, it } from "vitest";
import { costBadge } from "@web/features/usage/lib/cost-badge";

describe("costBadge", () => {
  it("shows dollars with 3 decimals", () => {
    expect(costBadge("0").text).toBe("$0.000");
    expect(costBadge("1.23456789").text).toBe("$1.235");
    expect(costBadge(2).text).toBe("$2.000");
    expect(costBadge(undefined).text).toBe("$0.000");
    expect(costBadge("not a number").text).toBe("$0.000");
  });

  it("turns red only above 5", () => {
    expect(costBadge("5").red).toBe(false);
    expect(costBadge("5.00000001").red).toBe(true);
    expect(costBadge("4.9999").red).toBe(false);
  });

  it("warns only above 10, and is red then too", () => {
    expect(costBadge("10").warning).toBe(false);
    expect(costBadge("10").red).toBe(true);
    const high = costBadge("10.5");
    expect(high).toEqual({ text: "$10.500", red: true, warning: true });
  });
});
