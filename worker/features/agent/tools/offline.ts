import { addDays, isCalendarDayString, weekdayOf } from "@shared/calendar-time";
import type { AgentToolName } from "@shared/schemas/agent";
import type { ToolCall, ToolChatMessage } from "@worker/providers/openai-tools";
import { OFFLINE_PREFIX } from "../texts";

// The offline responder's tool use (no OPENAI_API_KEY): it recognises in Italian a request for an
// appointment, a chosen time, a move, a cancellation, contact details and a request for a person, and
// calls the same tools a model would, so the sandbox shows the whole flow. It is also the "model" the
// agent scenarios use against the scripted fake.

const WEEKDAYS: [RegExp, number][] = [
  [/\bdomenica(?!\p{L})/u, 0],
  [/\bluned[iì](?!\p{L})/u, 1],
  [/\bmarted[iì](?!\p{L})/u, 2],
  [/\bmercoled[iì](?!\p{L})/u, 3],
  [/\bgioved[iì](?!\p{L})/u, 4],
  [/\bvenerd[iì](?!\p{L})/u, 5],
  [/\bsabato(?!\p{L})/u, 6],
];
const MONTHS = ["gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre", "novembre", "dicembre"];
const pad = (n: number) => String(n).padStart(2, "0");

// The Rome day a customer names: oggi, domani, dopodomani, a weekday (the next one), "3 dicembre", "3/12", ISO.
export function parseItalianDay(text: string, today: string): string | null {
  const t = text.toLowerCase();
  const iso = /\b(\d{4}-\d{2}-\d{2})\b/.exec(t);
  if (iso && isCalendarDayString(iso[1]!)) return iso[1]!;
  if (/\bdopodomani\b/.test(t)) return addDays(today, 2);
  if (/\bdomani\b/.test(t)) return addDays(today, 1);
  if (/\boggi\b/.test(t)) return today;
  const year = Number(today.slice(0, 4));
  const dated = (day: number, month: number) => {
    for (const y of [year, year + 1]) {
      const d = `${y}-${pad(month)}-${pad(day)}`;
      if (isCalendarDayString(d) && d >= today) return d;
    }
    return null;
  };
  const named = new RegExp(`\\b(\\d{1,2})\\s+(${MONTHS.join("|")})\\b`).exec(t);
  if (named) return dated(Number(named[1]), MONTHS.indexOf(named[2]!) + 1);
  const numeric = /\b(\d{1,2})\/(\d{1,2})(?:\/\d{2,4})?\b/.exec(t);
  if (numeric) return dated(Number(numeric[1]), Number(numeric[2]));
  for (const [re, weekday] of WEEKDAYS) {
    if (re.test(t)) {
      const ahead = (weekday - weekdayOf(today) + 7) % 7 || 7;
      return addDays(today, ahead);
    }
  }
  return null;
}

// "alle 10", "ore 15:30", "10:30", "h 9" → "HH:mm".
export function parseItalianTime(text: string): string | null {
  const t = text.toLowerCase();
  const m = /\b(?:alle|ore|per le|le|h)\s*(\d{1,2})(?:[:.](\d{2}))?\b/.exec(t) ?? /\b(\d{1,2})[:.](\d{2})\b/.exec(t);
  if (!m) return null;
  const hour = Number(m[1]);
  const minute = m[2] ? Number(m[2]) : 0;
  if (hour > 23 || minute > 59) return null;
  return `${pad(hour)}:${pad(minute)}`;
}

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;
const PERSON = /\b(operatore|operatrice|una persona|persona vera|persona reale|un umano|essere umano|parlare con qualcuno|un collega|un responsabile|un consulente)\b/;
const CANCEL = /\b(annull\w*|disdic\w*|disdir\w*|cancell\w*)\b.*\bappuntament|\bappuntament\w*\b.*\b(annull\w*|disdic\w*|disdir\w*|cancell\w*)\b/;
const MOVE = /\b(spost\w*|anticip\w*|posticip\w*|cambiare (giorno|orario|data))\b/;
const BOOK = /\b(appuntament\w*|prenot\w*|fissare|fissiamo|visita|incontr\w*|consulenz\w*|disponibilit\w*|quando (siete|sei) liber\w*|vedersi|vederci)\b/;
// A request for a file: "mi mandate la brochure?", "avete un listino prezzi?", "il catalogo in pdf".
const DOCUMENT = /\b(brochure|d[eé]pliant|listin[oi]|catalog[oh]i?|pdf)\b/;
const NAME = /\b(?:[Mm]i chiamo|[Ss]ono)\s+([A-ZÀ-Ý][a-zà-ÿ']+)(?:\s+([A-ZÀ-Ý][a-zà-ÿ']+))?/;

interface OfflineTurn {
  content: string;
  toolCalls: ToolCall[];
}

let counter = 0;
const call = (name: AgentToolName, args: Record<string, unknown>): ToolCall => ({ id: `offline_${Date.now().toString(36)}_${(counter += 1)}`, name, arguments: JSON.stringify(args) });


// The day the agent last offered slots for, written in its own earlier reply as "(AAAA-MM-GG)".
function offeredDay(messages: ToolChatMessage[]): string | null {
  for (const m of [...messages].reverse()) {
    if (m.role !== "assistant") continue;
    const day = /\((\d{4}-\d{2}-\d{2})\)/.exec(m.content);
    if (day) return day[1]!;
  }
  return null;
}

const clockOf = (slot: string) => slot.slice(11, 16);

// Words for the customer from the tool results of this turn.
function replyFromResults(results: { name: string; result: Record<string, unknown>; args: Record<string, unknown> }[]): string {
  const parts: string[] = [];
  for (const { name, result, args } of results) {
    const slots = (result.slot_liberi as string[] | undefined) ?? (result.altri_slot_liberi as string[] | undefined) ?? [];
    if (result.esito !== "ok") {
      parts.push(`Non posso: ${String(result.motivo)}.`);
      if (slots.length) parts.push(`Orari liberi: ${slots.map((s) => `${s.slice(0, 10)} ${clockOf(s)}`).join(", ")}.`);
      continue;
    }
    if (name === "disponibilita") {
      const own = (result.slot_liberi as string[]) ?? [];
      if (own.length) parts.push(`Ecco gli orari liberi del giorno (${String(result.giorno)}): ${own.map(clockOf).join(", ")}. Quale preferisce?`);
      else if (slots.length) {
        const first = slots[0]!.slice(0, 10);
        parts.push(`Il ${String(result.giorno)} non ci sono orari liberi. Il primo giorno libero (${first}): ${slots.filter((s) => s.startsWith(first)).map(clockOf).join(", ")}. Quale preferisce?`);
      } else parts.push("Non ci sono orari liberi nei prossimi giorni.");
    } else if (name === "prenota") parts.push(`Fatto: appuntamento prenotato per ${String(result.quando)}.`);
    else if (name === "sposta") parts.push(`Fatto: appuntamento spostato a ${String(result.quando)}.`);
    else if (name === "annulla") parts.push(`Fatto: l'appuntamento di ${String(result.quando)} è annullato.`);
    else if (name === "aggiorna_contatto") parts.push("Grazie, ho salvato i suoi dati.");
    else if (name === "qualifica_lead") parts.push("Grazie per l'interesse!");
    else if (name === "invia_documento") parts.push(`Ecco «${String(result.inviato)}»: gliel'ho appena inviato qui in chat.`);
    else parts.push(JSON.stringify(args));
  }
  return `${OFFLINE_PREFIX} ${parts.join(" ")}`;
}

// One "model" turn. Answers null when the customer's message asks for no tool (the caller then gives
// the plain offline reply).
export function offlineToolTurn(
  messages: ToolChatMessage[],
  tools: readonly AgentToolName[],
  today: string,
  offerTools: boolean,
  library: readonly { title: string; description: string }[] = [],
): OfflineTurn | null {
  const lastUserIndex = messages.map((m) => m.role).lastIndexOf("user");
  const turn = messages.slice(lastUserIndex + 1);
  const has = (name: AgentToolName) => offerTools && tools.includes(name);

  if (turn.some((m) => m.role === "tool")) {
    const calls = new Map<string, ToolCall>();
    for (const m of turn) if (m.role === "assistant") for (const c of m.toolCalls ?? []) calls.set(c.id, c);
    const lastAssistant = [...turn].reverse().find((m) => m.role === "assistant") as Extract<ToolChatMessage, { role: "assistant" }> | undefined;
    const results = turn
      .filter((m): m is Extract<ToolChatMessage, { role: "tool" }> => m.role === "tool" && (lastAssistant?.toolCalls ?? []).some((c) => c.id === m.toolCallId))
      .map((m) => {
        const c = calls.get(m.toolCallId)!;
        return { name: c.name, args: JSON.parse(c.arguments || "{}") as Record<string, unknown>, result: JSON.parse(m.content) as Record<string, unknown> };
      });
    // A booking refused because the customer already has one becomes a move, as a model would do.
    const already = results.find((r) => r.name === "prenota" && r.result.codice === "gia_prenotato");
    if (already && has("sposta")) return { content: "", toolCalls: [call("sposta", { slot: already.args.slot })] };
    return { content: replyFromResults(results), toolCalls: [] };
  }

  const text = (messages[lastUserIndex]?.content ?? "").split("\n").pop() ?? "";
  const lower = text.toLowerCase();
  if (has("passa_a_operatore") && PERSON.test(lower)) {
    return { content: "", toolCalls: [call("passa_a_operatore", { richiesta: `Il cliente chiede una persona: «${text.slice(0, 300)}»`, mancante: "Risposta di un operatore" })] };
  }
  if (has("annulla") && CANCEL.test(lower)) return { content: "", toolCalls: [call("annulla", {})] };
  const asked = DOCUMENT.exec(lower)?.[1];
  if (has("invia_documento") && asked && library.length > 0) {
    // The file whose title or description names what was asked ("listino" finds "Listino prezzi"), else the first.
    const stem = asked.slice(0, 6).replace("é", "e");
    const chosen = library.find((d) => `${d.title} ${d.description}`.toLowerCase().replace("é", "e").includes(stem)) ?? library[0]!;
    return { content: "", toolCalls: [call("invia_documento", { documento: chosen.title })] };
  }

  const day = parseItalianDay(lower, today);
  const time = parseItalianTime(lower);
  const calls: ToolCall[] = [];
  const email = EMAIL.exec(text)?.[0];
  const name = NAME.exec(text);
  if (has("aggiorna_contatto") && (email || name)) {
    calls.push(call("aggiorna_contatto", { ...(name ? { nome: name[1], ...(name[2] ? { cognome: name[2] } : {}) } : {}), ...(email ? { email } : {}) }));
  }
  const slotDay = day ?? (time ? offeredDay(messages) : null);
  if (MOVE.test(lower) && has("sposta")) {
    if (slotDay && time) calls.push(call("sposta", { slot: `${slotDay}T${time}` }));
    else if (has("disponibilita")) calls.push(call("disponibilita", { giorno: day ?? addDays(today, 1) }));
  } else if (has("prenota") && time && slotDay) {
    calls.push(call("prenota", { slot: `${slotDay}T${time}`, titolo: "Appuntamento", note: `Richiesta del cliente: «${text.slice(0, 200)}»` }));
  } else if (has("disponibilita") && BOOK.test(lower)) {
    calls.push(call("disponibilita", { giorno: day ?? addDays(today, 1) }));
  }
  return calls.length ? { content: "", toolCalls: calls } : null;
}
