// A CSV reader for knowledge files (RFC 4180 plus what spreadsheet exports do in Italy):
// quoted fields with separators, doubled quotes and line breaks inside, ',' or ';' chosen from
// the header line, a UTF-8 byte-order mark, and \n, \r\n or \r line endings.

import { CSV_TEXTS } from "./texts/csv";

export type CsvSeparator = "," | ";";

export interface ParsedCsv {
  separator: CsvSeparator;
  columns: string[];
  rows: string[][];
}

export class CsvError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

export const CSV_MAX_ROWS = 20_000;
export const CSV_MAX_COLUMNS = 200;

// The separator that occurs most often outside quotes on the first line; ',' on a tie.
export function detectSeparator(text: string): CsvSeparator {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === "\n" || ch === "\r")) break;
    else if (!quoted && ch === ",") commas++;
    else if (!quoted && ch === ";") semicolons++;
  }
  return semicolons > commas ? ";" : ",";
}

interface RawRecord {
  line: number;
  fields: string[];
}

function* records(text: string, sep: CsvSeparator): Generator<RawRecord> {
  let line = 1;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const start = line;
    const fields: string[] = [];
    let field = "";
    let done = false;
    while (!done) {
      if (i < n && text[i] === '"') {
        // A quoted field runs to the next lone quote; "" is a quote, line breaks are kept.
        i++;
        for (;;) {
          if (i >= n) throw new CsvError(start, CSV_TEXTS.unclosedQuote(start));
          const ch = text[i]!;
          if (ch === '"') {
            if (text[i + 1] === '"') {
              field += '"';
              i += 2;
              continue;
            }
            i++;
            break;
          }
          if (ch === "\r" || ch === "\n") {
            if (ch === "\r" && text[i + 1] === "\n") {
              field += "\r";
              i++;
            }
            line++;
          }
          field += text[i];
          i++;
        }
        if (i < n && text[i] !== sep && text[i] !== "\n" && text[i] !== "\r") {
          throw new CsvError(line, CSV_TEXTS.textAfterQuote(line));
        }
      } else {
        const from = i;
        while (i < n && text[i] !== sep && text[i] !== "\n" && text[i] !== "\r") i++;
        field = text.slice(from, i);
      }
      fields.push(field);
      field = "";
      if (i >= n) {
        done = true;
      } else if (text[i] === sep) {
        i++;
        // A separator at the very end of the text still closes an (empty) last field.
        if (i >= n) fields.push("");
        if (i >= n) done = true;
      } else {
        // End of line: \r\n, \n or \r.
        if (text[i] === "\r" && text[i + 1] === "\n") i++;
        i++;
        line++;
        done = true;
      }
    }
    yield { line: start, fields };
  }
}

const isBlank = (fields: string[]) => fields.every((f) => f.trim() === "");

export function parseCsv(input: string, limits = { maxRows: CSV_MAX_ROWS, maxColumns: CSV_MAX_COLUMNS }): ParsedCsv {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const separator = detectSeparator(text);
  let header: string[] | null = null;
  const rows: string[][] = [];
  for (const record of records(text, separator)) {
    if (isBlank(record.fields)) continue;
    if (!header) {
      if (record.fields.length > limits.maxColumns) throw new CsvError(record.line, CSV_TEXTS.tooManyColumns(limits.maxColumns));
      header = uniqueColumns(record.fields);
      continue;
    }
    let fields = record.fields;
    // Trailing empty cells beyond the header (a separator at the end of the line) are tolerated.
    if (fields.length > header.length && isBlank(fields.slice(header.length))) fields = fields.slice(0, header.length);
    if (fields.length !== header.length) throw new CsvError(record.line, CSV_TEXTS.fieldCount(record.line, fields.length, header.length));
    if (rows.length >= limits.maxRows) throw new CsvError(record.line, CSV_TEXTS.tooManyRows(limits.maxRows));
    rows.push(fields);
  }
  if (!header) throw new CsvError(1, CSV_TEXTS.empty);
  if (rows.length === 0) throw new CsvError(1, CSV_TEXTS.noRows);
  return { separator, columns: header, rows };
}

// Blank headers get a name and repeated ones a number, so every value can be quoted as "col: value".
function uniqueColumns(fields: string[]): string[] {
  const seen = new Map<string, number>();
  return fields.map((raw, i) => {
    const base = raw.trim() || `Colonna ${i + 1}`;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? base : `${base} (${count})`;
  });
}

// One row as a knowledge passage the AI can quote: "col: value; col: value" (empty cells left out).
export function rowToPassage(columns: string[], row: string[]): string {
  return columns
    .map((col, i) => {
      const value = (row[i] ?? "").replace(/\s+/g, " ").trim();
      return value ? `${col}: ${value}` : null;
    })
    .filter(Boolean)
    .join("; ");
}
