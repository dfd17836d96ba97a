import { COST_BADGE_RED_ABOVE, COST_BADGE_WARNING_ABOVE } from "@shared/constants";

export interface CostBadge {
  text: string;
  red: boolean;
  warning: boolean;
}

// Sidebar badge: dollars with 3 decimals, red above $5, a warning above $10.
export function costBadge(totalCost: string | number | null | undefined): CostBadge {
  const value = Number(totalCost ?? 0);
  const cost = Number.isFinite(value) ? value : 0;
  return {
    text: `$${cost.toFixed(3)}`,
    red: cost > COST_BADGE_RED_ABOVE,
    warning: cost > COST_BADGE_WARNING_ABOVE,
  };
}
