import { SENTIMENT_CATEGORIES, type SentimentCategory } from "@shared/constants";
import { SENTIMENT_CATEGORY_LABELS } from "@shared/texts/analytics";
import type { SentimentGroup } from "@shared/schemas/analytics";

export function sentimentLabel(category: string): string {
  const known = SENTIMENT_CATEGORY_LABELS[category.toLowerCase() as SentimentCategory];
  if (known) return known;
  const text = category.trim();
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : SENTIMENT_CATEGORY_LABELS.other;
}

// The five known categories in their fixed order, anything else after them; empty groups dropped.
export function orderSentiment(groups: readonly SentimentGroup[]): SentimentGroup[] {
  const rank = (c: string) => {
    const i = (SENTIMENT_CATEGORIES as readonly string[]).indexOf(c.toLowerCase());
    return i === -1 ? SENTIMENT_CATEGORIES.length : i;
  };
  return groups
    .filter((g) => g.positive.length > 0 || g.negative.length > 0)
    .slice()
    .sort((a, b) => rank(a.category) - rank(b.category) || a.category.localeCompare(b.category, "it"));
}

export function sentimentTotals(groups: readonly SentimentGroup[]) {
  let positive = 0;
  let negative = 0;
  for (const g of groups) {
    for (const i of g.positive) positive += i.count;
    for (const i of g.negative) negative += i.count;
  }
  return { positive, negative };
}
