import type { Db } from "@worker/db/client";
import * as repo from "../memories/repo";
import { reindexStale } from "../memories/passages";

export interface Passage {
  memoryId: string;
  name: string;
  text: string;
}

const RANKED_HITS = 100;
const SCAN_LIMIT = 5000;

// Words that say nothing about what the customer wants (Italian, plus the greetings every chat has).
const STOPWORDS = new Set(
  (
    "il lo la le gli una uno un di da del dei della delle dello degli dal dalla dai dalle nel nella nei nelle sul sulla sui " +
    "con per tra fra che chi cui non come dove quando quale quali quanto quanta quanti quante cosa sono sei siamo siete " +
    "era ero hanno avete abbiamo ha ho hai mio mia miei mie tuo tua vostro vostra nostro nostra suo sua questo questa " +
    "questi queste quello quella anche ancora gia piu meno molto poco tutto tutti ogni solo sempre mai vorrei volevo " +
    "potete puoi posso potrei sapere dire fare avere essere stato stata ciao salve buongiorno buonasera grazie prego " +
    "the and for you are with"
  ).split(" "),
);

const normalise = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "");

// The customer's meaningful words, normalised the way the FTS tokenizer (unicode61, no diacritics) sees them.
export function searchTerms(query: string, max = 24): string[] {
  const terms = new Set<string>();
  for (const word of normalise(query).split(/[^\p{L}\p{N}]+/u)) {
    const numeric = /^\d+$/.test(word);
    if ((numeric ? word.length < 2 : word.length < 3) || STOPWORDS.has(word)) continue;
    terms.add(word);
    if (terms.size >= max) break;
  }
  return [...terms];
}

// A light Italian stem: "prestiti"/"prestito" → "presti", "orari"/"orario" → "orar". Short words stay whole.
function stem(term: string): { root: string; prefix: boolean } {
  if (/^\d+$/.test(term) || term.length <= 3) return { root: term, prefix: false };
  return { root: term.slice(0, term.length >= 6 ? -2 : -1), prefix: true };
}

// An FTS5 query that matches any of the terms (by stem), each quoted so nothing in it is syntax.
export function toFtsQuery(terms: string[]): string | null {
  if (terms.length === 0) return null;
  return terms
    .map((t) => {
      const { root, prefix } = stem(t);
      return `"${root.replaceAll('"', '""')}"${prefix ? "*" : ""}`;
    })
    .join(" OR ");
}

// Ranks passages by how many of the terms they contain, for when FTS cannot answer.
export function rankByOverlap<P extends { text: string }>(passages: P[], terms: string[]): P[] {
  const stems = terms.map(stem);
  const scored = passages.map((p, i) => {
    const words = normalise(p.text).split(/[^\p{L}\p{N}]+/u);
    const score = stems.filter((s) => words.some((w) => (s.prefix ? w.startsWith(s.root) : w === s.root))).length;
    return { p, i, score };
  });
  return scored
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .map((s) => s.p);
}

// The knowledge for one reply: passages of the active memories linked to the template, best match
// to the customer's message first, within a character budget. Knowledge that fits the budget goes in
// whole (matches first); larger knowledge contributes only the passages that match.
export async function relevantPassages(
  db: Db,
  accountId: string,
  templateSid: string | null,
  query: string,
  budgetChars = 4000,
): Promise<Passage[]> {
  const memories = await repo.knowledgeMemories(db, accountId, templateSid);
  if (memories.length === 0) return [];
  const reindexed = await reindexStale(
    db,
    memories.filter((m) => m.stale).map((m) => m.id),
  );
  const ids = memories.map((m) => m.id);
  const names = new Map(memories.map((m) => [m.id, m.name]));
  const total = memories.reduce((n, m) => n + (reindexed.get(m.id) ?? m.passageChars), 0);

  const terms = searchTerms(query);
  const match = toFtsQuery(terms);
  let ranked: repo.PassageHit[] = [];
  if (match) {
    try {
      ranked = await repo.searchPassages(db, ids, match, RANKED_HITS);
    } catch (err) {
      console.warn("knowledge: full-text search failed, scanning instead", (err as Error).message);
      ranked = rankByOverlap(await repo.passagesOf(db, ids, SCAN_LIMIT), terms).slice(0, RANKED_HITS);
    }
  }

  const picked: repo.PassageHit[] = [];
  const seen = new Set<number>();
  let used = 0;
  const take = (p: repo.PassageHit) => {
    if (seen.has(p.id) || used + p.text.length > budgetChars) return;
    seen.add(p.id);
    picked.push(p);
    used += p.text.length;
  };
  ranked.forEach(take);
  if (total <= budgetChars) (await repo.passagesOf(db, ids, SCAN_LIMIT)).forEach(take);
  return picked.map((p) => ({ memoryId: p.memoryId, name: names.get(p.memoryId) ?? "", text: p.text }));
}

// What the feedback memories linked to the template know of this customer.
export async function customerPreferences(db: Db, accountId: string, templateSid: string | null, phone: string) {
  const rows = await repo.feedbackForCustomer(db, accountId, templateSid, phone);
  const positive = rows.flatMap((r) => r.positive);
  const negative = rows.flatMap((r) => r.negative);
  return positive.length || negative.length ? { positive, negative } : null;
}
