// Amounts in euros, Italian style, for every screen that shows or takes one (deal values, revenue).

const euroFormat = new Intl.NumberFormat("it-IT", { style: "currency", currency: "EUR" });

// "1.250,50 €".
export function formatEur(value: number): string {
  return euroFormat.format(Number.isFinite(value) ? value : 0);
}

// What an amount field shows for a stored value: "1250,50", or blank for none.
export function euroInputText(value: number | null): string {
  return value === null ? "" : value.toFixed(2).replace(".", ",");
}

// A typed amount ("1.250,50", "1250.5", "€ 300") in euros; null when blank, NaN when not an amount.
export function parseEuros(text: string): number | null {
  const t = text.trim().replace(/\s|€/g, "");
  if (!t) return null;
  const normalised = t.includes(",") ? t.replace(/\./g, "").replace(",", ".") : t;
  return /^\d+(\.\d{1,2})?$/.test(normalised) ? Number(normalised) : Number.NaN;
}
