import { createDb, type Db } from "./client";
import { type AnyStatement, runStatements, type StatementResults } from "./compiled";

// Statements of callers of one invocation that do not wait for each other (the sends of a queue
// batch) share D1 round trips: what callers ask while one is out goes together in the next, as one
// batch. Under load a round trip then carries many callers' statements instead of each taking its own;
// a caller alone waits at most for the round trip already out. Each caller's statements stay together
// and in its order, and each gets its own results. A batch is one transaction: when a shared one fails,
// each caller's statements run again on their own, so that one caller's error is never another's.
// Only callers of one invocation share (a Db from sharingRoundTrips): the Workers runtime does not let
// a request wait on I/O that another request started, and cancels it as hung.

interface Call {
  statements: readonly AnyStatement[];
  resolve(results: readonly unknown[]): void;
  reject(error: unknown): void;
}
interface Line {
  next: Call[];
  out: Promise<void> | null;
  // Ends a wait for more callers (waitMs) at once.
  release: (() => void) | null;
  // The invocation's callers still running, when it counts them (runCallers).
  running: number | null;
}

// A D1 batch this large still answers in one round trip; a longer queue goes in more than one.
const MAX_STATEMENTS = 200;

// The line of callers of each invocation's Db.
const lines = new WeakMap<Db, Line>();

// A Db for one invocation whose runStatementsShared calls share round trips: the same drizzle instance.
export function sharingRoundTrips(db: Db): Db {
  const sharing = Object.create(db) as Db;
  lines.set(sharing, { next: [], out: null, release: null, running: null });
  return sharing;
}

// Runs the invocation's callers side by side (the lanes of a queue batch's jobs), counted from the start:
// a round trip held for more (waitMs) then leaves as soon as every caller still running has asked, since
// no other can come (a batch of one job waits for nobody).
export function runCallers<T>(db: Db, callers: (() => Promise<T>)[]): Promise<T[]> {
  const line = lines.get(db);
  if (!line) return Promise.all(callers.map((run) => run()));
  line.running = (line.running ?? 0) + callers.length;
  return Promise.all(
    callers.map(async (run) => {
      try {
        return await run();
      } finally {
        line.running = (line.running ?? 1) - 1;
        if (allAsked(line)) line.release?.();
      }
    }),
  );
}

// A caller awaits each of its round trips, so each running caller has at most one call waiting.
const allAsked = (line: Line) => line.running !== null && line.next.length >= line.running;

// runStatements, shared with the other callers of the invocation when `db` is from sharingRoundTrips.
// Callers that ask in the same turn go together: the round trip leaves once they have all asked. A
// caller that can wait (`waitMs`: a write whose outcome nothing waits on at once) lets the round trip
// wait that long for others, unless a caller that cannot wait asks meanwhile, or every caller has.
export function runStatementsShared<const T extends readonly AnyStatement[]>(db: Db, statements: T, { waitMs = 0 } = {}): Promise<StatementResults<T>> {
  const line = lines.get(db);
  if (!line) return runStatements(db, statements) as Promise<StatementResults<T>>;
  const promise = new Promise<readonly unknown[]>((resolve, reject) => line.next.push({ statements, resolve, reject }));
  if (line.out) {
    if (waitMs === 0 || allAsked(line)) line.release?.();
  } else {
    line.out = (waitMs > 0 && !allAsked(line) ? waitFor(line, waitMs) : Promise.resolve()).then(() => drain(createDb(db.$client), line));
  }
  return promise as Promise<StatementResults<T>>;
}

function waitFor(line: Line, ms: number) {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(() => release(), ms);
    const release = () => {
      clearTimeout(timer);
      line.release = null;
      resolve();
    };
    line.release = release;
  });
}

async function drain(db: Db, line: Line) {
  while (line.next.length > 0) {
    const calls: Call[] = [];
    let size = 0;
    while (line.next.length > 0 && (calls.length === 0 || size + line.next[0]!.statements.length <= MAX_STATEMENTS)) {
      const call = line.next.shift()!;
      calls.push(call);
      size += call.statements.length;
    }
    await runTogether(db, calls);
  }
  line.out = null;
}

async function runTogether(db: Db, calls: Call[]) {
  if (calls.length === 1) return runAlone(db, calls[0]!);
  let results: unknown[];
  try {
    results = await runStatements(db, calls.flatMap((c) => c.statements));
  } catch {
    await Promise.all(calls.map((call) => runAlone(db, call)));
    return;
  }
  let at = 0;
  for (const call of calls) {
    call.resolve(results.slice(at, at + call.statements.length));
    at += call.statements.length;
  }
}

async function runAlone(db: Db, call: Call) {
  try {
    call.resolve(await runStatements(db, call.statements));
  } catch (error) {
    call.reject(error);
  }
}
