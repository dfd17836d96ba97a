import { DurableObject } from "cloudflare:workers";

// One object per Twilio sender: hands out send slots so the sender stays at or under its
// messages-per-second limit, whichever queue consumer asks.
export class SenderRateLimiter extends DurableObject<Env> {
  private nextFreeAt = 0;

  // Reserves the next slot and answers how many milliseconds to wait before sending.
  reserve(messagesPerSecond: number): number {
    const interval = 1000 / Math.max(1, messagesPerSecond);
    const now = Date.now();
    const slot = Math.max(now, this.nextFreeAt);
    this.nextFreeAt = slot + interval;
    return slot - now;
  }
}
