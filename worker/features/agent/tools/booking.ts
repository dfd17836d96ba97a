import { addDays, effectiveEnd, occurrencesBetween, romeDayOf, romeInstant, weekdayOf } from "@shared/calendar-time";
import { type ApiBookingSettings, romeLongDay, romeWhen } from "@shared/schemas/agent";
import { AGENT_TEXTS } from "@shared/texts/agent";
import { listEventsNear } from "@worker/features/calendar/repo";
import { seriesOf } from "@worker/features/calendar/service";
import * as repo from "../repo";
import type { ToolContext, ToolOutcome } from "./types";

const MINUTE_MS = 60_000;
// How far the agent looks for alternatives when a day is full or a slot was refused.
const ALTERNATIVE_DAYS = 14;
const ALTERNATIVES = 6;

const minutesOf = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
// "2026-12-03T10:00" in Rome: what the model reads and writes.
export const slotLabel = (at: Date) => `${romeDayOf(at)}T${new Intl.DateTimeFormat("it-IT", { timeZone: "Europe/Rome", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(at)}`;

export function parseSlot(slot: string): Date {
  return romeInstant(slot.slice(0, 10), Number(slot.slice(11, 13)), Number(slot.slice(14, 16)));
}

interface Busy {
  start: number;
  end: number;
}

async function busyBetween(ctx: ToolContext, from: Date, to: Date, exceptEventId?: string): Promise<Busy[]> {
  const rows = await listEventsNear(ctx.db, ctx.account.id, from, to);
  return rows
    .filter((r) => r.id !== exceptEventId)
    .flatMap((r) => occurrencesBetween(seriesOf(r), from, to).map((o) => ({ start: o.start.getTime(), end: effectiveEnd(o, r.isAllDay).getTime() })));
}

// The grid of a Rome day: every slot start inside its opening hours, whether or not it is taken.
function gridOf(settings: ApiBookingSettings, day: string): Date[] {
  const out: Date[] = [];
  for (const range of settings.openingHours[weekdayOf(day)] ?? []) {
    for (let m = minutesOf(range.start); m + settings.slotMinutes <= minutesOf(range.end); m += settings.slotMinutes) {
      out.push(romeInstant(day, Math.floor(m / 60), m % 60));
    }
  }
  return out;
}

function bookingWindow(settings: ApiBookingSettings, now: Date) {
  return { earliest: now.getTime() + settings.minNoticeMinutes * MINUTE_MS, lastDay: addDays(romeDayOf(now), settings.daysAhead) };
}

async function freeSlotsOfDay(ctx: ToolContext, settings: ApiBookingSettings, day: string, exceptEventId?: string): Promise<Date[]> {
  const { earliest, lastDay } = bookingWindow(settings, ctx.now);
  if (day > lastDay) return [];
  const grid = gridOf(settings, day).filter((s) => s.getTime() >= earliest);
  if (grid.length === 0) return [];
  const busy = await busyBetween(ctx, romeInstant(day), romeInstant(addDays(day, 1)), exceptEventId);
  const length = settings.slotMinutes * MINUTE_MS;
  return grid.filter((s) => !busy.some((b) => b.start < s.getTime() + length && b.end > s.getTime()));
}

// Free slots from `day` on, a few days at most, for a refusal or a full day.
async function alternatives(ctx: ToolContext, settings: ApiBookingSettings, day: string, exceptEventId?: string): Promise<string[]> {
  const out: string[] = [];
  const today = romeDayOf(ctx.now);
  for (let d = day < today ? today : day, i = 0; i < ALTERNATIVE_DAYS && out.length < ALTERNATIVES; d = addDays(d, 1), i += 1) {
    for (const s of await freeSlotsOfDay(ctx, settings, d, exceptEventId)) {
      if (out.length < ALTERNATIVES) out.push(slotLabel(s));
    }
  }
  return out;
}

const hoursText = (settings: ApiBookingSettings, day: string) => {
  const ranges = settings.openingHours[weekdayOf(day)] ?? [];
  return ranges.length ? ranges.map((r) => `${r.start}-${r.end}`).join(", ") : "chiuso";
};

function refused(reason: string, extra: Record<string, unknown> = {}): ToolOutcome {
  return { status: "refused", forModel: { esito: "rifiutato", motivo: reason, ...extra }, reason };
}

export async function disponibilita(ctx: ToolContext, args: { giorno: string }): Promise<ToolOutcome> {
  const settings = ctx.booking;
  if (!settings) return refused("il calendario non ha orari di apertura configurati: proponi al cliente di parlare con un operatore");
  const today = romeDayOf(ctx.now);
  const { lastDay } = bookingWindow(settings, ctx.now);
  if (args.giorno < today) return refused(`il giorno ${args.giorno} è nel passato (oggi è ${today})`, { slot_liberi: await alternatives(ctx, settings, today) });
  if (args.giorno > lastDay) return refused(`si può prenotare al massimo fino al ${lastDay}`, { slot_liberi: await alternatives(ctx, settings, today) });
  const free = (await freeSlotsOfDay(ctx, settings, args.giorno)).map(slotLabel);
  const day = romeLongDay(romeInstant(args.giorno, 12));
  const forModel: Record<string, unknown> = { esito: "ok", giorno: args.giorno, orari_apertura: hoursText(settings, args.giorno), slot_liberi: free.slice(0, 12), durata_minuti: settings.slotMinutes };
  if (free.length === 0) forModel.altri_slot_liberi = await alternatives(ctx, settings, addDays(args.giorno, 1));
  return {
    status: "ok",
    forModel,
    eventText: free.length ? `L'agente ha cercato gli orari liberi di ${day}: ${free.length} liberi` : `L'agente ha cercato gli orari liberi di ${day}: nessuno`,
  };
}

// The rules every booked or moved slot obeys. Answers the refusal, or null when the slot may be taken.
async function checkSlot(ctx: ToolContext, settings: ApiBookingSettings, slot: string, exceptEventId?: string): Promise<ToolOutcome | null> {
  const start = parseSlot(slot);
  const day = slot.slice(0, 10);
  const { earliest, lastDay } = bookingWindow(settings, ctx.now);
  if (start.getTime() <= ctx.now.getTime()) return refused(`lo slot ${slot} è nel passato`, { slot_liberi: await alternatives(ctx, settings, romeDayOf(ctx.now), exceptEventId) });
  if (start.getTime() < earliest) {
    return refused(`serve un preavviso di almeno ${settings.minNoticeMinutes} minuti`, { slot_liberi: await alternatives(ctx, settings, day, exceptEventId) });
  }
  if (day > lastDay) return refused(`si può prenotare al massimo fino al ${lastDay}`, { slot_liberi: await alternatives(ctx, settings, romeDayOf(ctx.now), exceptEventId) });
  if (!gridOf(settings, day).some((s) => s.getTime() === start.getTime())) {
    return refused(`lo slot ${slot} è fuori dagli orari di apertura (${hoursText(settings, day)}, slot di ${settings.slotMinutes} minuti)`, {
      slot_liberi: await alternatives(ctx, settings, day, exceptEventId),
    });
  }
  return null;
}

const taken = async (ctx: ToolContext, settings: ApiBookingSettings, slot: string, exceptEventId?: string) =>
  refused(`lo slot ${slot} è già occupato`, { slot_liberi: await alternatives(ctx, settings, slot.slice(0, 10), exceptEventId) });

// Recurring events are expanded here; one-off events are checked again inside the write itself.
async function overlapsRecurring(ctx: ToolContext, start: Date, end: Date, exceptEventId?: string) {
  const busy = await busyBetween(ctx, start, end, exceptEventId);
  return busy.some((b) => b.start < end.getTime() && b.end > start.getTime());
}

export async function prenota(ctx: ToolContext, args: { slot: string; titolo: string; note?: string }): Promise<ToolOutcome> {
  const settings = ctx.booking;
  if (!settings) return refused("il calendario non ha orari di apertura configurati");
  const existing = await repo.upcomingBooking(ctx.db, ctx.conversation.id, ctx.now);
  if (existing) {
    return refused(`il cliente ha già un appuntamento ${romeWhen(existing.startDate)}: usa sposta per cambiarlo o annulla per disdirlo`, {
      codice: "gia_prenotato",
      appuntamento: slotLabel(existing.startDate),
    });
  }
  const refusal = await checkSlot(ctx, settings, args.slot);
  if (refusal) return refusal;
  const start = parseSlot(args.slot);
  const end = new Date(start.getTime() + settings.slotMinutes * MINUTE_MS);
  if (await overlapsRecurring(ctx, start, end)) return taken(ctx, settings, args.slot);
  const customer = ctx.conversation.customerName ?? ctx.conversation.phoneNumber;
  const id = crypto.randomUUID();
  const booked = await repo.insertEventIfFree(ctx.db, {
    id,
    userId: ctx.account.userId,
    accountId: ctx.account.id,
    title: `${args.titolo} – ${customer}`.slice(0, 200),
    description: [args.note, `Prenotato dall'agente AI nella conversazione con ${ctx.conversation.phoneNumber}.`].filter(Boolean).join("\n"),
    start,
    end,
    phone: ctx.conversation.phoneNumber,
    reminderTemplateSid: settings.reminderTemplateSid,
    reminderMinutes: settings.reminderMinutes,
    now: ctx.now,
  });
  if (!booked) return taken(ctx, settings, args.slot);
  const when = romeWhen(start);
  return { status: "ok", forModel: { esito: "ok", appuntamento: args.slot, quando: when, durata_minuti: settings.slotMinutes }, eventText: AGENT_TEXTS.eventLines.booked(when), calendarEventId: id };
}

export async function sposta(ctx: ToolContext, args: { slot: string }): Promise<ToolOutcome> {
  const settings = ctx.booking;
  if (!settings) return refused("il calendario non ha orari di apertura configurati");
  const existing = await repo.upcomingBooking(ctx.db, ctx.conversation.id, ctx.now);
  if (!existing) return refused("il cliente non ha appuntamenti da spostare: usa prenota", { codice: "nessun_appuntamento" });
  const refusal = await checkSlot(ctx, settings, args.slot, existing.id);
  if (refusal) return refusal;
  const start = parseSlot(args.slot);
  const end = new Date(start.getTime() + settings.slotMinutes * MINUTE_MS);
  if (await overlapsRecurring(ctx, start, end, existing.id)) return taken(ctx, settings, args.slot, existing.id);
  if (!(await repo.moveEventIfFree(ctx.db, existing.id, ctx.account.id, start, end, ctx.now))) return taken(ctx, settings, args.slot, existing.id);
  const when = romeWhen(start);
  return { status: "ok", forModel: { esito: "ok", appuntamento: args.slot, quando: when, prima: slotLabel(existing.startDate) }, eventText: AGENT_TEXTS.eventLines.moved(when), calendarEventId: existing.id };
}

export async function annulla(ctx: ToolContext, _args: { motivo?: string }): Promise<ToolOutcome> {
  const existing = await repo.upcomingBooking(ctx.db, ctx.conversation.id, ctx.now);
  if (!existing) return refused("il cliente non ha appuntamenti da annullare", { codice: "nessun_appuntamento" });
  await repo.deleteEvent(ctx.db, existing.id);
  const when = romeWhen(existing.startDate);
  return { status: "ok", forModel: { esito: "ok", annullato: slotLabel(existing.startDate), quando: when }, eventText: AGENT_TEXTS.eventLines.cancelled(when) };
}
