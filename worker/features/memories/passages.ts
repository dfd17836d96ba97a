import type { Db } from "@worker/db/client";
import * as repo from "./repo";

// How a memory's text is cut into the passages the agent searches (the FTS index behind them is the
// memories' own; retrieval for a reply is the agent's, in worker/features/agent/knowledge.ts).
export const PASSAGE_MAX_CHARS = 1000;

// A text memory's passages: its lines and paragraphs, long ones cut at sentence ends.
export function textPassages(content: string): string[] {
  const out: string[] = [];
  for (const raw of content.split(/\r?\n/)) {
    const line = raw.replace(/\s+/g, " ").trim();
    if (!line) continue;
    if (line.length <= PASSAGE_MAX_CHARS) {
      out.push(line);
      continue;
    }
    let current = "";
    for (const sentence of line.split(/(?<=[.!?])\s+/)) {
      for (let i = 0; i < sentence.length; i += PASSAGE_MAX_CHARS) {
        const part = sentence.slice(i, i + PASSAGE_MAX_CHARS);
        if (current && current.length + 1 + part.length > PASSAGE_MAX_CHARS) {
          out.push(current);
          current = "";
        }
        current = current ? `${current} ${part}` : part;
      }
    }
    if (current) out.push(current);
  }
  return out;
}

export function clipPassage(text: string): string {
  return text.length <= PASSAGE_MAX_CHARS * 2 ? text : `${text.slice(0, PASSAGE_MAX_CHARS * 2 - 1)}…`;
}

// Text memories edited outside the API (or before indexing existed) are indexed when first searched.
export async function reindexStale(db: Db, ids: string[]) {
  if (ids.length === 0) return new Map<string, number>();
  const rows = await repo.memoryContents(db, ids);
  const chars = new Map<string, number>();
  for (const row of rows) {
    const texts = textPassages(row.content);
    // updatedAt is kept as it was: indexing is not an edit.
    await repo.replacePassages(db, row.id, texts, { indexedAt: row.updatedAt, updatedAt: row.updatedAt });
    chars.set(row.id, texts.reduce((n, t) => n + t.length, 0));
  }
  return chars;
}
