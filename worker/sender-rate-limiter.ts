import { DurableObject } from "cloudflare:workers";

// One object per rate-limited key (a Twilio sender, or `airtable:<baseId>` for an Airtable base):
// hands out request slots so the key stays at or under its per-second limit, whichever queue
// consumer or request asks.
export class SenderRateLimiter extends DurableObject<Env> {
  private nextFreeAt = 0;

  // Reserves the next slot and answers how many milliseconds to wait before sending. A slot further
  // away than maxWaitMs is not reserved: the caller comes back later instead of waiting that long.
  reserve(messagesPerSecond: number, maxWaitMs = Number.POSITIVE_INFINITY): number {
    const interval = 1000 / Math.max(1, messagesPerSecond);
    const now = Date.now();
    const slot = Math.max(now, this.nextFreeAt);
    if (slot - now > maxWaitMs) return slot - now;
    this.nextFreeAt = slot + interval;
    return slot - now;
  }

  // Reserves `count` consecutive slots in one call and answers each one's wait in milliseconds, in
  // order: the same slots `count` calls of reserve would hand out, for one round trip.
  reserveMany(messagesPerSecond: number, count: number): number[] {
    const waits: number[] = [];
    for (let i = 0; i < Math.max(0, Math.floor(count)); i++) waits.push(this.reserve(messagesPerSecond));
    return waits;
  }

  // No slot is handed out for the next ms milliseconds (Airtable's 30 s penalty after a 429).
  holdFor(ms: number): void {
    this.nextFreeAt = Math.max(this.nextFreeAt, Date.now() + ms);
  }
}
