import { startAiReply } from "./features/conversations/service";

// How long after a reply is due the durable alarm stands in for the in-memory timer (which an eviction
// loses): a reply is late by at most this much when the object is evicted during a debounce window.
export const REPLY_BACKSTOP_MS = 10_000;

const KEY = "reply:";

// A conversation's reply that is waiting for its customer to stop writing, as stored.
interface PendingReply {
  debounceMs: number;
  // When the alarm answers it if no timer did (the due time as first scheduled + REPLY_BACKSTOP_MS).
  backstopAt: number;
}

// The AI reply debounce of one account's conversations, kept by the account's InboundIngest object,
// which stores their customer messages: each message moves its conversation's reply to debounceMs after
// it, so a burst gets one reply, to its last message. The due times are kept in memory, with one timer
// per pending conversation that waits on when they move (no timer per message); a record per
// pending conversation and one alarm at the earliest backstop are written at a burst's first message
// only, so a message costs no storage write and no call to another object. An evicted object loses
// its timers and keeps the records: its alarm then answers them, late by at most REPLY_BACKSTOP_MS.
export class ReplyDebounce {
  // The stored records, mirrored (loaded once when the object starts).
  private readonly pending = new Map<string, PendingReply>();
  // When each pending reply is due, as far as this instance was told (lost with it).
  private readonly dueAt = new Map<string, number>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private alarmAt: number | null = null;

  constructor(
    private readonly ctx: DurableObjectState,
    private readonly env: Env,
  ) {}

  async load() {
    for (const [key, record] of await this.ctx.storage.list<PendingReply>({ prefix: KEY })) this.pending.set(key.slice(KEY.length), record);
    this.alarmAt = await this.ctx.storage.getAlarm();
  }

  // A customer message of this conversation was stored: its reply is due debounceMs from now.
  async schedule(conversationId: string, debounceMs: number, due = Date.now() + Math.max(0, debounceMs)) {
    this.dueAt.set(conversationId, due);
    // A running timer is left alone: when it fires it waits on for a due time moved since.
    if (!this.timers.has(conversationId)) this.armTimer(conversationId, due);
    if (this.pending.has(conversationId)) return;
    await this.keepPending(conversationId, { debounceMs, backstopAt: due + REPLY_BACKSTOP_MS });
  }

  // Memory first: a reply that fires while the record is being written finds it; then the record, and
  // an alarm by its backstop.
  private async keepPending(conversationId: string, record: PendingReply) {
    this.pending.set(conversationId, record);
    await this.ctx.storage.put(KEY + conversationId, record);
    await this.armAlarm();
  }

  // The alarm answers the replies whose timers this instance does not hold (it was evicted since) or
  // that are due, and keeps a backstop behind the timers still running.
  async alarm() {
    this.alarmAt = null; // the alarm that fires is spent
    const now = Date.now();
    for (const [conversationId, record] of [...this.pending]) {
      const due = this.dueAt.get(conversationId);
      if (due === undefined || due <= now) {
        // A reply that could not be started is pending again (replyIfPending): the next alarm retries it.
        await this.replyIfPending(conversationId).catch((err) => console.error("AI reply scheduling failed", conversationId, (err as Error).message));
      } else if (record.backstopAt <= now) {
        // A burst longer than the backstop: the timer still runs.
        record.backstopAt = due + REPLY_BACKSTOP_MS;
        await this.ctx.storage.put(KEY + conversationId, record);
      }
    }
    await this.armAlarm();
  }

  private armTimer(conversationId: string, due: number) {
    this.timers.set(
      conversationId,
      setTimeout(
        () => {
          this.timers.delete(conversationId);
          const later = this.dueAt.get(conversationId);
          if (later !== undefined && later > Date.now()) return this.armTimer(conversationId, later);
          this.replyIfPending(conversationId)
            .then(() => this.armAlarm())
            .catch((err) => console.error("AI reply scheduling failed", conversationId, (err as Error).message));
        },
        Math.max(0, due - Date.now()),
      ),
    );
  }

  // The timer and the alarm both come here; the first to find the record sends the reply.
  private async replyIfPending(conversationId: string) {
    const record = this.pending.get(conversationId);
    if (!record) return;
    // Memory first: a message stored meanwhile writes a new record, after this delete.
    this.pending.delete(conversationId);
    this.dueAt.delete(conversationId);
    await this.ctx.storage.delete(KEY + conversationId);
    let until: number | null;
    try {
      until = await startAiReply(this.env, conversationId, record.debounceMs);
    } catch (err) {
      // Not started (D1 or the queue failed): the reply is pending again, for the alarm to retry after
      // the backstop, unless a message stored meanwhile already wrote its own record.
      if (!this.pending.has(conversationId)) await this.keepPending(conversationId, { debounceMs: record.debounceMs, backstopAt: Date.now() + REPLY_BACKSTOP_MS });
      throw err;
    }
    // The customer wrote again since this instance was told (e.g. it was evicted meanwhile): wait for
    // that message's debounce, unless a message stored during the read already scheduled it.
    if (until !== null && !this.pending.has(conversationId)) await this.schedule(conversationId, record.debounceMs, until);
  }

  // One alarm for all the pending replies, at the earliest backstop; none when nothing is pending.
  private async armAlarm() {
    let earliest = Infinity;
    for (const record of this.pending.values()) earliest = Math.min(earliest, record.backstopAt);
    if (earliest === Infinity) {
      if (this.alarmAt !== null) await this.ctx.storage.deleteAlarm();
      this.alarmAt = null;
    } else if (this.alarmAt === null || this.alarmAt > earliest) {
      this.alarmAt = earliest;
      await this.ctx.storage.setAlarm(earliest);
    }
  }
}
