import { DurableObject } from "cloudflare:workers";
import type { ApiConversation } from "@shared/schemas/conversations";
import { createDb } from "./db/client";
import { type InboundToStore, type StoredInbound, storeInbounds } from "./features/conversations/repo";
import { type AnnouncedInbound, announceInbound, publishConversationsToAccount } from "./features/conversations/service";
import { ReplyDebounce } from "./reply-debounce";

// Messages per transaction. storeInbounds costs four statements whatever the count, with the batch as
// one JSON parameter; this bounds that parameter and the work of one flush.
const MAX_PER_FLUSH = 50;

// What a webhook learns: the ids of its new message and conversation, or null for a replayed sid.
export type StoredRef = { conversationId: string; messageId: string } | null;

interface Waiting {
  item: InboundToStore;
  resolve: (stored: StoredRef) => void;
  reject: (err: unknown) => void;
}

// One object per provider account. The inbound webhooks arriving together are written to D1 in one
// transaction (group commit). Then each conversation that got new messages is announced ONCE for the
// flush (announceInbound: opt-out keywords, the frames to its ConversationDO when a console has it
// open, the reply debounce, confirmations, feedback jobs), and only then do its webhooks get their
// answer (the account's consoles, if any, then hear of all the flush's conversations in one call to
// its AccountLiveDO): a webhook answered 200 was stored and announced, and one that fails gets a 500
// that Twilio retries. Transactions run one after another, so D1 holds each conversation's messages in
// arrival order; a conversation's announcements are chained in the same order, while the next
// transaction does not wait for them. The object also keeps the account's reply debounce
// (ReplyDebounce): a message then costs no call to another object unless a console listens.
export class InboundIngest extends DurableObject<Env> {
  private waiting: Waiting[] = [];
  private flushing = false;
  // Per conversation, the end of its last announcement in flight.
  private announcing = new Map<string, Promise<unknown>>();
  private readonly replies: ReplyDebounce;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.replies = new ReplyDebounce(ctx, env);
    void ctx.blockConcurrencyWhile(() => this.replies.load());
  }

  // The reply debounce of a message announced elsewhere (a replay that finishes a first delivery's work).
  scheduleReply(conversationId: string, debounceMs: number) {
    return this.replies.schedule(conversationId, debounceMs);
  }

  alarm() {
    return this.replies.alarm();
  }

  store(item: InboundToStore): Promise<StoredRef> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (!this.flushing) void this.flush();
    });
  }

  // While one transaction runs, the next webhooks wait; the next one takes them all (up to MAX_PER_FLUSH).
  private async flush() {
    this.flushing = true;
    const db = createDb(this.env.DB);
    try {
      while (this.waiting.length > 0) {
        const batch = this.waiting.splice(0, MAX_PER_FLUSH);
        let stored: StoredInbound[];
        let accountListened: boolean;
        try {
          ({ stored, accountListened } = await storeInbounds(
            db,
            batch.map((w) => w.item),
          ));
        } catch (err) {
          // Nothing of the batch was stored (one transaction): each webhook fails, and Twilio retries it.
          batch.forEach((w) => w.reject(err));
          continue;
        }
        // The new messages by conversation, in arrival order; a replayed sid is answered at once.
        const groups = new Map<string, { first: NonNullable<StoredInbound>; items: AnnouncedInbound[]; done: (() => void)[]; failed: ((err: unknown) => void)[] }>();
        batch.forEach((w, i) => {
          const s = stored[i];
          if (!s) {
            w.resolve(null);
            return;
          }
          const group = groups.get(s.conversation.id) ?? { first: s, items: [], done: [], failed: [] };
          group.items.push({ message: s.message, now: w.item.now, feedbackMemory: s.feedbackMemory });
          group.done.push(() => w.resolve({ conversationId: s.conversation.id, messageId: s.message.id }));
          group.failed.push((err) => w.reject(err));
          groups.set(s.conversation.id, group);
        });
        const flushAnnounced: Promise<ApiConversation | null>[] = [];
        for (const [conversationId, { first, items, done, failed }] of groups) {
          const previous = this.announcing.get(conversationId) ?? Promise.resolve();
          const announced = previous.then(() =>
            announceInbound(this.env, db, first.conversation, first.optedOut, items, {
              listened: !!first.listened,
              scheduleReply: (id, debounceMs) => this.replies.schedule(id, debounceMs),
            }).then(
              (conversation) => {
                done.forEach((answer) => answer());
                return conversation;
              },
              (err: unknown) => {
                failed.forEach((answer) => answer(err));
                return null;
              },
            ),
          );
          flushAnnounced.push(announced);
          this.announcing.set(conversationId, announced);
          void announced.then(() => {
            if (this.announcing.get(conversationId) === announced) this.announcing.delete(conversationId);
          });
        }
        // The account's consoles hear of the flush's conversations in one call, once all are announced.
        const accountId = batch[0]!.item.account.id;
        if (accountListened)
          void Promise.all(flushAnnounced).then((announced) =>
          publishConversationsToAccount(
            this.env,
            accountId,
            announced.filter((c): c is ApiConversation => c !== null),
          ),
        );
      }
    } finally {
      this.flushing = false;
    }
  }
}
