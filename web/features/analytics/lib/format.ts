const percentFormat = new Intl.NumberFormat("it-IT", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const countFormat = new Intl.NumberFormat("it-IT");

// Rates arrive as percentages; the console shows them with one decimal, Italian style: "12,5%".
export function formatPercent(value: number | null | undefined): string {
  const n = Number(value ?? 0);
  return `${percentFormat.format(Number.isFinite(n) ? n : 0)}%`;
}

export function formatCount(n: number): string {
  return countFormat.format(n);
}

// AI costs in dollars, as the usage page shows them.
export function formatUsd(value: number, decimals = 4): string {
  return `$${(Number.isFinite(value) ? value : 0).toFixed(decimals)}`;
}

const axisPercentFormat = new Intl.NumberFormat("it-IT", { maximumFractionDigits: 1 });

// Axis ends read "50%", not "50,0%".
export function formatAxisPercent(value: number): string {
  return `${axisPercentFormat.format(value)}%`;
}

