import { DurableObject } from "cloudflare:workers";
import { createDb } from "./db/client";
import { type InboundToStore, type StoredInbound, storeInbounds } from "./features/conversations/repo";

// Statements per message in storeInbounds; a flush stays well inside D1's per-call limits.
const MAX_PER_FLUSH = 25;

interface Waiting {
  item: InboundToStore;
  resolve: (stored: StoredInbound) => void;
  reject: (err: unknown) => void;
}

// One object per provider account: webhooks arriving together are written to D1 in one transaction
// (group commit), so a burst costs one write instead of one per message. Nothing is kept here.
export class InboundIngest extends DurableObject<Env> {
  private waiting: Waiting[] = [];
  private flushing = false;

  store(item: InboundToStore): Promise<StoredInbound> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (!this.flushing) void this.flush();
    });
  }

  // While one transaction runs, the next webhooks wait; the next transaction takes them all.
  private async flush() {
    this.flushing = true;
    const db = createDb(this.env.DB);
    try {
      while (this.waiting.length > 0) {
        const batch = this.waiting.splice(0, MAX_PER_FLUSH);
        try {
          const stored = await storeInbounds(
            db,
            batch.map((w) => w.item),
          );
          batch.forEach((w, i) => w.resolve(stored[i] ?? null));
        } catch (err) {
          batch.forEach((w) => w.reject(err));
        }
      }
    } finally {
      this.flushing = false;
    }
  }
}
