import { DurableObject } from "cloudflare:workers";

// One object per rate-limited key (a Twilio sender, or `airtable:<baseId>` for an Airtable base):
// hands out request slots so the key stays at or under its per-second limit, whichever queue
// consumer or request asks.
export class SenderRateLimiter extends DurableObject<Env> {
  private nextFreeAt = 0;

  // Reserves the next slot and answers how many milliseconds to wait before sending. A slot further
  // away than maxWaitMs is not reserved: the caller comes back later instead of waiting that long.
  // catchUpMs: slots that went unused in the last catchUpMs (the queue's pause between two batches of
  // sends) may still be taken, at once, so the sender averages its limit instead of losing every gap;
  // in any stretch of time at most catchUpMs worth of slots more than the limit go out. A sender idle
  // for longer, or new, starts from now.
  reserve(messagesPerSecond: number, maxWaitMs = Number.POSITIVE_INFINITY, catchUpMs = 0): number {
    return this.reserveAt(Date.now(), messagesPerSecond, maxWaitMs, catchUpMs);
  }

  // The slot reserve hands out, with its wait counted from `now`.
  private reserveAt(now: number, messagesPerSecond: number, maxWaitMs: number, catchUpMs: number): number {
    const interval = 1000 / Math.max(1, messagesPerSecond);
    const slot = this.nextFreeAt >= now - catchUpMs ? this.nextFreeAt : now;
    const wait = Math.max(0, slot - now);
    if (wait > maxWaitMs) return wait;
    this.nextFreeAt = slot + interval;
    return wait;
  }

  // Reserves `count` consecutive slots in one call and answers each one's wait in milliseconds, in
  // order: the same slots `count` calls of reserve would hand out, for one round trip. The waits are
  // counted from one instant, so they stay exactly one interval apart however long the loop takes.
  reserveMany(messagesPerSecond: number, count: number, catchUpMs = 0): number[] {
    const now = Date.now();
    const waits: number[] = [];
    for (let i = 0; i < Math.max(0, Math.floor(count)); i++) waits.push(this.reserveAt(now, messagesPerSecond, Number.POSITIVE_INFINITY, catchUpMs));
    return waits;
  }

  // No slot is handed out for the next ms milliseconds (Airtable's 30 s penalty after a 429).
  holdFor(ms: number): void {
    this.nextFreeAt = Math.max(this.nextFreeAt, Date.now() + ms);
  }
}
