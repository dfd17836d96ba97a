import { DurableObject } from "cloudflare:workers";
import type { ApiConversation } from "@shared/schemas/conversations";
import { createDb, type Db } from "./db/client";
import { findConversation, type InboundToStore, type MessageRow, type StoredInbound, type StoredInbounds, storeInbounds } from "./features/conversations/repo";
import { type AnnouncedInbound, announceInbound, publishConversationsToAccount } from "./features/conversations/service";
import { commitStoredFloor, type StoredFloorItem } from "./lib/bench-floors";
import { GroupCommit, type Waiting as GroupWaiting } from "./lib/group-commit";
import { ReplyDebounce } from "./reply-debounce";

// Messages per transaction. storeInbounds costs five statements whatever the count, with the batch as
// one JSON parameter; this bounds that parameter and the work of one flush.
const MAX_PER_FLUSH = 50;

// How long an instance remembers the messages it announced, so that Twilio's replays of their sids
// (a retry after a timeout) cost nothing more. Past it, or after an eviction, storeInbounds' check decides.
const ANNOUNCED_MEMORY_MS = 10 * 60_000;

// What a webhook learns: the ids of its new message and conversation, or null for a replayed sid.
export type StoredRef = { conversationId: string; messageId: string } | null;

type Waiting = GroupWaiting<InboundToStore, StoredRef>;

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
  private readonly inbound = new GroupCommit<InboundToStore, StoredRef>(MAX_PER_FLUSH, (batch) => this.storeBatch(batch));
  // The benchmark's floor of a stored webhook (worker/lib/bench-floors.ts): its route exists only with BENCH_FLOORS=1.
  private readonly storedFloor = new GroupCommit<StoredFloorItem, void>(MAX_PER_FLUSH, (batch) => commitStoredFloor(this.env.DB, batch));
  // Per conversation, the end of its last announcement in flight.
  private announcing = new Map<string, Promise<unknown>>();
  // The messages announced lately, by id, with when (oldest first).
  private readonly announced = new Map<string, number>();
  private readonly replies: ReplyDebounce;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.replies = new ReplyDebounce(ctx, env);
    void ctx.blockConcurrencyWhile(() => this.replies.load());
  }

  alarm() {
    return this.replies.alarm();
  }

  store(item: InboundToStore): Promise<StoredRef> {
    return this.inbound.add(item);
  }

  storeFloor(item: StoredFloorItem): Promise<void> {
    return this.storedFloor.add(item);
  }

  // One transaction for the webhooks that arrived while the last one ran (GroupCommit), then their announcements.
  private async storeBatch(batch: Waiting[]) {
    const db = createDb(this.env.DB);
    let result: StoredInbounds;
    try {
      result = await storeInbounds(
        db,
        batch.map((w) => w.item),
      );
    } catch (err) {
      // Nothing of the batch was stored (one transaction): each webhook fails, and Twilio retries it.
      batch.forEach((w) => w.reject(err));
      return;
    }
    this.forgetAnnouncedBefore(Date.now() - ANNOUNCED_MEMORY_MS);
    const unfinished = new Map(result.unfinished.map((m) => [m.twilioMessageId, m]));
    // The new messages by conversation, in arrival order.
    const groups = new Map<string, { first: NonNullable<StoredInbound>; items: AnnouncedInbound[]; done: (() => void)[]; failed: ((err: unknown) => void)[] }>();
    const flushAnnounced: Promise<ApiConversation | null>[] = [];
    batch.forEach((w, i) => {
      const s = result.stored[i];
      if (s) {
        const group = groups.get(s.conversation.id) ?? { first: s, items: [], done: [], failed: [] };
        group.items.push({ message: s.message, now: w.item.now, feedbackMemory: s.feedbackMemory });
        group.done.push(() => w.resolve({ conversationId: s.conversation.id, messageId: s.message.id }));
        group.failed.push((err) => w.reject(err));
        groups.set(s.conversation.id, group);
        return;
      }
      // A replayed sid is answered at once, unless its message may not have been announced.
      const message = unfinished.get(w.item.inbound.sid);
      unfinished.delete(w.item.inbound.sid);
      if (!message || this.announced.has(message.id)) return w.resolve(null);
      flushAnnounced.push(this.inTurn(message.conversationId, () => this.announceReplay(db, message, w)));
    });
    for (const [conversationId, { first, items, done, failed }] of groups) {
      flushAnnounced.push(
        this.inTurn(conversationId, () =>
          announceInbound(this.env, db, first.conversation, first.optedOut, items, { listened: !!first.listened, replies: this.replies }).then(
            (conversation) => {
              this.remember(items.map((item) => item.message.id));
              done.forEach((answer) => answer());
              return conversation;
            },
            (err: unknown) => {
              failed.forEach((answer) => answer(err));
              return null;
            },
          ),
        ),
      );
    }
    // The account's consoles hear of the flush's conversations in one call, once all are announced.
    const accountId = batch[0]!.item.account.id;
    if (result.accountListened) {
      void Promise.all(flushAnnounced).then((announced) =>
        publishConversationsToAccount(
          this.env,
          accountId,
          announced.filter((c): c is ApiConversation => c !== null),
        ),
      );
    }
  }

  // Runs a conversation's announcements one after another, in the order they were stored.
  private inTurn(conversationId: string, announce: () => Promise<ApiConversation | null>): Promise<ApiConversation | null> {
    const previous = this.announcing.get(conversationId) ?? Promise.resolve();
    const announced = previous.then(announce);
    this.announcing.set(conversationId, announced);
    void announced.then(() => {
      if (this.announcing.get(conversationId) === announced) this.announcing.delete(conversationId);
    });
    return announced;
  }

  // The first delivery of a replayed MessageSid may have stored its message and failed before announcing
  // it (an object reset mid-flush, as during a deploy): the replay finishes that work, or the customer is
  // never answered. A message this instance announced (also one announced meanwhile, in this
  // conversation's turn) is left alone.
  private async announceReplay(db: Db, message: MessageRow, waiting: Waiting): Promise<ApiConversation | null> {
    try {
      const found = this.announced.has(message.id) ? undefined : await findConversation(db, message.conversationId);
      if (!found) {
        waiting.resolve(null);
        return null;
      }
      const announced = await announceInbound(this.env, db, found.conversation, !!found.optedOut, [{ message, now: waiting.item.now }], { listened: true, replies: this.replies });
      this.remember([message.id]);
      waiting.resolve({ conversationId: message.conversationId, messageId: message.id });
      return announced;
    } catch (err) {
      waiting.reject(err);
      return null;
    }
  }

  private remember(messageIds: string[]) {
    const now = Date.now();
    for (const id of messageIds) this.announced.set(id, now);
  }

  // The map is in announcement order: the oldest entries come first.
  private forgetAnnouncedBefore(time: number) {
    for (const [id, at] of this.announced) {
      if (at >= time) break;
      this.announced.delete(id);
    }
  }
}
