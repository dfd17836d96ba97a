// Send slots of a Twilio sender, reserved from its SenderRateLimiter Durable Object. Sends of one
// invocation that ask while a reservation is on its way wait for the next one and share it: however many
// sends of a queue batch ask at once, the object is called once per round, and each send gets
// its own slot, in the order they asked. Slots are never handed out past the sender's limit: the
// object reserves exactly as many as were asked for.
// Twilio queues a sender's messages beyond its rate rather than refusing them, so slots the queue left
// unused between two batches are taken back: at most this much more than the limit in any stretch.
export const SEND_CATCH_UP_MS = 250;

interface Round {
  count: number;
  waits: Promise<number[]>;
  start: () => void;
}

// The rounds of each invocation (a queue batch, by its Db): sends of two invocations never share one,
// since the Workers runtime cancels as hung an invocation that waits on I/O another one started. Two
// invocations' rounds each call the object, which hands out their slots one after the other.
const invocations = new WeakMap<object, { open: Map<string, Round>; inFlight: Map<string, Promise<unknown>> }>();

function newRound(env: Pick<Env, "SENDER_LIMITER">, open: Map<string, Round>, accountId: string, mps: number): Round {
  let start!: () => void;
  const started = new Promise<void>((resolve) => (start = resolve));
  const round: Round = {
    count: 0,
    start,
    waits: started.then(async () => {
      // From now on later callers join the next round.
      if (open.get(accountId) === round) open.delete(accountId);
      // Each wait counts from when the answer arrives, so no send goes out before its slot.
      const limiter = env.SENDER_LIMITER.get(env.SENDER_LIMITER.idFromName(accountId));
      return limiter.reserveMany(mps, round.count, SEND_CATCH_UP_MS);
    }),
  };
  return round;
}

// Answers how many milliseconds this send must wait for its slot (it is reserved either way).
export async function reserveSendSlot(env: Pick<Env, "SENDER_LIMITER">, invocation: object, accountId: string, mps: number): Promise<number> {
  let rounds = invocations.get(invocation);
  if (!rounds) invocations.set(invocation, (rounds = { open: new Map(), inFlight: new Map() }));
  const { open, inFlight } = rounds;
  let round = open.get(accountId);
  if (!round) {
    round = newRound(env, open, accountId, mps);
    open.set(accountId, round);
    const previous = inFlight.get(accountId) ?? Promise.resolve();
    // The round starts once the one before it has answered, collecting every send that asks meanwhile.
    const current = previous.then(
      () => round!.start(),
      () => round!.start(),
    );
    const done = current.then(() => round!.waits).catch(() => undefined);
    inFlight.set(accountId, done);
    void done.then(() => {
      if (inFlight.get(accountId) === done) inFlight.delete(accountId);
    });
  }
  const index = round.count++;
  const waits = await round.waits;
  return waits[index]!;
}
