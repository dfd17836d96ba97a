import { CSV_TEXTS } from "@shared/texts/csv";
import { MEMORY_LIMITS } from "@shared/schemas/memories";
import { MEMORY_TEXTS as TX } from "@shared/texts/memories";

const CSV_TYPES = ["text/csv", "application/csv", "text/plain", "application/vnd.ms-excel", ""];

// Checked before anything is sent: a .csv file of at most 5MB. The server parses it.
export function checkCsvFile(file: { name: string; size: number; type: string }): string | null {
  if (!/\.csv$/i.test(file.name) || !CSV_TYPES.includes(file.type)) return TX.csvNotCsv;
  if (file.size > MEMORY_LIMITS.csvMaxBytes) return TX.csvTooLarge;
  if (file.size === 0) return CSV_TEXTS.missingFile;
  return null;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toLocaleString("it-IT", { maximumFractionDigits: 1 })} ${units[unit]}`;
}

export function uploadPercent(loaded: number, total: number): number {
  if (!total) return 0;
  return Math.min(100, Math.max(0, Math.round((loaded / total) * 100)));
}

// A parse error names its line ("Riga 3: …") and the server repeats it in details.line.
export function csvErrorLine(details: unknown): number | null {
  if (!details || typeof details !== "object" || !("line" in details)) return null;
  const line = (details as { line: unknown }).line;
  return typeof line === "number" && Number.isInteger(line) && line > 0 ? line : null;
}
